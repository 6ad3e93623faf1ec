"""archives.py -- a submission handed in as a .zip, .tar.gz or .tgz, unpacked
safely into a folder of its own, and the student's name read from the
archive's name as the HW4 handout asks ("[firstname]_[lastname]_HW4.zip"
gives First_Last).

Safe means: nothing is ever written outside the folder. An entry with an
absolute name, a drive letter or a `..` component, a symbolic or hard
link, a device, a FIFO, an encrypted entry, an entry given twice, or one
that would pass a limit makes the whole archive refused (BadArchive, its
reason for the row), and the folder is left empty: a submission is marked
as handed in or not at all. Files are written with O_EXCL and O_NOFOLLOW,
their bytes counted as they are written (a header's sizes may lie), and
get mode 0644 (0755 when executable in the archive; never set-user-ID).
When everything is inside one top folder, that folder is stripped. macOS
Finder's `__MACOSX/` metadata is left out (it is never part of a
submission).

Limits (LIMITS): 1000 files (2000 entries with the folders), 8 MiB a
file, 32 MiB in all. A submission of
either assignment is a few source files, a readme and an output.txt
(kilobytes); an executable handed in is a few MiB at most. The limits
leave room for a project with an IDE's folder, and keep a class of 300
under 10 GiB even if every archive were at the limit; a zip bomb stops at
the first byte over them.
"""

import os
import re
import shutil
import stat
import tarfile
import zipfile
import zlib

ARCHIVE_SUFFIXES = (".tar.gz", ".tgz", ".zip")
LIMITS = {"files": 1000, "file_bytes": 8 << 20, "total_bytes": 32 << 20}
CHUNK = 1 << 16
SKIPPED_TOP = "__MACOSX"


class BadArchive(Exception):
    """An archive refused or unreadable; its text is the row's reason."""


def archive_suffix(path):
    """The archive suffix of PATH (any letter case), or '' for none."""
    lowered = path.lower()
    for suffix in ARCHIVE_SUFFIXES:
        if lowered.endswith(suffix):
            return suffix
    return ""


def archive_name(path):
    """The row's name of an archive: its file name less the suffix and a
    trailing _HW4 (any letter case): First_Last_HW4.zip gives First_Last."""
    base = os.path.basename(path)
    base = base[:len(base) - len(archive_suffix(base))]
    stripped = re.sub(r"_hw4$", "", base, flags=re.IGNORECASE)
    return stripped or base


def entry_parts(name):
    """The path components of an entry's NAME; raises BadArchive for one
    that could leave the folder. A backslash counts as a separator (zips
    made on Windows)."""
    text = name.replace("\\", "/")
    if text.startswith("/") or re.match(r"^[A-Za-z]:/", text):
        raise BadArchive("entry '%s' has an absolute path" % name)
    parts = [p for p in text.split("/") if p not in ("", ".")]
    if ".." in parts:
        raise BadArchive("entry '%s' leaves the folder (..)" % name)
    if any("\0" in p for p in parts):
        raise BadArchive("entry '%s' holds a NUL byte" % name)
    return parts


class Writer:
    """Writes entries under DEST, counting files and bytes against LIMITS."""

    def __init__(self, dest, limits):
        self.dest, self.limits = dest, limits
        self.files = self.total = 0

    def directory(self, parts):
        os.makedirs(os.path.join(self.dest, *parts), mode=0o755, exist_ok=True)

    def file(self, parts, source, declared, executable, name):
        self.files += 1
        check_declared(name, declared, self.files, 0, self.limits)
        if len(parts) > 1:
            self.directory(parts[:-1])
        path = os.path.join(self.dest, *parts)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
        try:
            fd = os.open(path, flags, 0o755 if executable else 0o644)
        except FileExistsError:
            raise BadArchive("entry '%s' is given twice" % name) from None
        written = 0
        with os.fdopen(fd, "wb") as out:
            while True:
                chunk = source.read(CHUNK)
                if not chunk:
                    break
                written += len(chunk)
                self.total += len(chunk)
                if written > self.limits["file_bytes"]:
                    raise BadArchive("entry '%s' unpacks to over %d bytes, the limit a file"
                                     % (name, self.limits["file_bytes"]))
                if self.total > self.limits["total_bytes"]:
                    raise BadArchive("the archive unpacks to over %d bytes, the limit"
                                     % self.limits["total_bytes"])
                out.write(chunk)


def zip_entries(path, limits):
    """(parts, is_dir, info) per entry of the zip PATH, every one checked
    (and the sizes its headers declare) before any is written."""
    with zipfile.ZipFile(path) as archive:
        infos = archive.infolist()
    entries, files, total = [], 0, 0
    for info in infos:
        parts = entry_parts(info.filename)
        if not parts or parts[0] == SKIPPED_TOP:
            continue
        mode = info.external_attr >> 16
        kind = stat.S_IFMT(mode)
        if kind == stat.S_IFLNK:
            raise BadArchive("entry '%s' is a symbolic link" % info.filename)
        if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
            raise BadArchive("entry '%s' is a special file" % info.filename)
        if info.flag_bits & 0x1:
            raise BadArchive("entry '%s' is encrypted" % info.filename)
        is_dir = info.is_dir() or kind == stat.S_IFDIR
        if len(entries) >= 2 * limits["files"]:
            raise BadArchive("more than %d entries" % (2 * limits["files"]))
        if not is_dir:
            files, total = files + 1, total + info.file_size
            check_declared(info.filename, info.file_size, files, total, limits)
        entries.append((parts, is_dir, info))
    return entries


def check_declared(name, size, files, total, limits):
    """Refuses an archive whose headers already pass a limit."""
    if files > limits["files"]:
        raise BadArchive("more than %d files" % limits["files"])
    if size > limits["file_bytes"]:
        raise BadArchive("entry '%s' is %d bytes, over the limit of %d a file" % (name, size, limits["file_bytes"]))
    if total > limits["total_bytes"]:
        raise BadArchive("the archive unpacks to over %d bytes, the limit" % limits["total_bytes"])


def write_entries(writer, entries, open_entry):
    """Writes ENTRIES ((parts, is_dir, entry) each), a single top folder
    stripped; OPEN_ENTRY(entry) gives (its file object, declared size,
    executable or not, name)."""
    strip = top_folder(entries)
    for parts, is_dir, entry in entries:
        parts = parts[strip:]
        if is_dir:
            if parts:
                writer.directory(parts)
            continue
        source, size, executable, name = open_entry(entry)
        with source:
            writer.file(parts, source, size, executable, name)


def unpack_zip(path, writer):
    entries = zip_entries(path, writer.limits)
    with zipfile.ZipFile(path) as archive:
        write_entries(writer, entries, lambda info: (archive.open(info), info.file_size,
                                                     bool((info.external_attr >> 16) & 0o111), info.filename))


def tar_entries(archive, limits):
    """(parts, is_dir, member) per member of the open tar ARCHIVE, read as
    a stream: the first refused member stops it (a bomb's later headers
    are never decompressed)."""
    entries, files, total = [], 0, 0
    for member in archive:
        parts = entry_parts(member.name)
        if not parts or parts[0] == SKIPPED_TOP:
            continue
        if member.issym() or member.islnk():
            raise BadArchive("entry '%s' is a %s link" % (member.name, "symbolic" if member.issym() else "hard"))
        if not (member.isfile() or member.isdir()):
            raise BadArchive("entry '%s' is a special file" % member.name)
        if len(entries) >= 2 * limits["files"]:
            raise BadArchive("more than %d entries" % (2 * limits["files"]))
        if member.isfile():
            files, total = files + 1, total + member.size
            check_declared(member.name, member.size, files, total, limits)
        entries.append((parts, member.isdir(), member))
    return entries


def unpack_tar(path, writer):
    with tarfile.open(path, mode="r:gz") as archive:
        entries = tar_entries(archive, writer.limits)
        write_entries(writer, entries, lambda member: (archive.extractfile(member), member.size,
                                                       bool(member.mode & 0o111), member.name))


def top_folder(entries):
    """1 when every entry is inside one top folder (to strip), else 0."""
    tops = {parts[0] for parts, _, _ in entries}
    inside = [parts for parts, is_dir, _ in entries if len(parts) > 1 or not is_dir]
    if len(tops) == 1 and inside and all(len(parts) > 1 for parts in inside):
        return 1
    return 0


def unpack(path, dest, limits=None):
    """Unpacks the archive PATH into DEST (made afresh, empty); raises
    BadArchive with the reason, DEST then left empty."""
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    writer = Writer(dest, dict(LIMITS, **(limits or {})))
    suffix = archive_suffix(path)
    try:
        if suffix == ".zip":
            unpack_zip(path, writer)
        elif suffix:
            unpack_tar(path, writer)
        else:
            raise BadArchive("'%s' is no .zip, .tar.gz or .tgz" % os.path.basename(path))
    except BadArchive:
        empty(dest)
        raise
    except (zipfile.BadZipFile, tarfile.TarError, EOFError, zlib.error, OSError, ValueError,
            NotImplementedError, RuntimeError) as error:
        empty(dest)
        raise BadArchive("cannot unpack %s: %s" % (os.path.basename(path), describe(error))) from None


def describe(error):
    text = getattr(error, "strerror", None) or str(error) or type(error).__name__
    return " ".join(text.split())


def empty(dest):
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest, exist_ok=True)
