"""unpack.py -- an upload made safe: sources as they are, or one .zip /
.tar.gz unpacked without trusting it (no path outside its folder, no
link or special file, limits on size and file count). The result is a
dict of relative path -> bytes, stored as one tar.gz (files_blob) and
hashed for the cache (sources_hash).

What is refused before anything is queued (Unusable, a 400 with its
reason; nothing stored, nothing counted against the hourly limit): no
files; a source file sent empty; no source file (one the game's languages
build: *.c, *.cpp ..., at the folder's top), or only empty ones; a source
file that is not text. A source file is text when it holds no NUL byte
and is UTF-8, or else is 8-bit text (Latin-1, Windows-1252: accented
letters in comments build) without a control character other than tab,
line feed, carriage return, form feed and vertical tab. So a compiled
program, an object file, an image or a word processor's file named
main.c is refused with the reason, instead of a page of compiler noise.
"""

import fnmatch
import hashlib
import io
import os
import posixpath
import stat
import tarfile
import zipfile
import zlib

MAX_FILES = 200
MAX_UNPACKED = 8 * 1024 * 1024
ARCHIVES = (".zip", ".tar.gz", ".tgz")
# What an archive may hold that is not the student's: left out.
JUNK = ("__MACOSX/", ".DS_Store")
# The control characters an 8-bit text may hold (white space).
TEXT_CONTROLS = b"\t\n\r\f\v"


class Unusable(ValueError):
    """An upload that cannot be checked; the message says why (a 400)."""


def clean_path(name):
    """A relative path inside the folder, or Unusable."""
    refuse_control(name)
    name = name.replace("\\", "/")
    normal = posixpath.normpath(name)
    if name.startswith("/") or normal == ".." or normal.startswith("../") or "\0" in name:
        raise Unusable("the archive's entry '%s' is outside its folder" % name)
    return normal


def refuse_control(name):
    """Unusable for a file name with a control character (a newline would
    split it in two wherever names are listed one a line)."""
    bad = next((c for c in name if ord(c) < 32 or ord(c) == 127), None)
    if bad is not None:
        raise Unusable("the file name %s holds a control character (%r): rename it" % (ascii(name), bad))


def _add(files, name, data):
    if any(name.startswith(j) or posixpath.basename(name) == j for j in JUNK):
        return
    if name in files:
        raise Unusable("the file '%s' is there twice" % name)
    files[name] = data
    if len(files) > MAX_FILES:
        raise Unusable("more than %d files" % MAX_FILES)
    if sum(len(d) for d in files.values()) > MAX_UNPACKED:
        raise Unusable("more than %d MiB once unpacked" % (MAX_UNPACKED // 1048576))


def _read_limited(handle, size):
    data = handle.read(min(size, MAX_UNPACKED) + 1)
    if len(data) > MAX_UNPACKED:
        raise Unusable("more than %d MiB once unpacked" % (MAX_UNPACKED // 1048576))
    return data


def from_zip(data):
    files = {}
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            for info in archive.infolist():
                name = clean_path(info.filename)
                mode = info.external_attr >> 16
                if stat.S_ISLNK(mode):
                    raise Unusable("the archive's entry '%s' is a link" % info.filename)
                if info.is_dir():
                    continue
                if stat.S_IFMT(mode) and not stat.S_ISREG(mode):
                    raise Unusable("the archive's entry '%s' is not a plain file" % info.filename)
                with archive.open(info) as handle:
                    _add(files, name, _read_limited(handle, info.file_size))
    except (zipfile.BadZipFile, EOFError, NotImplementedError, RuntimeError) as error:
        raise Unusable("not a readable .zip archive (%s)" % error) from None
    return files


def from_tar(data):
    files = {}
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
            for member in archive:
                name = clean_path(member.name)
                if member.issym() or member.islnk():
                    raise Unusable("the archive's entry '%s' is a link" % member.name)
                if member.isdir():
                    continue
                if not member.isfile():
                    raise Unusable("the archive's entry '%s' is not a plain file" % member.name)
                _add(files, name, _read_limited(archive.extractfile(member), member.size))
    except (tarfile.TarError, EOFError, OSError, zlib.error) as error:
        raise Unusable("not a readable .tar.gz archive (%s)" % error) from None
    return files


def strip_top_folder(files):
    """An archive of one folder (project/main.c ...) counts as its content."""
    tops = {name.split("/", 1)[0] for name in files}
    if len(tops) == 1 and all("/" in name for name in files):
        return {name.split("/", 1)[1]: data for name, data in files.items()}
    return files


def not_text(data):
    """Why DATA is not a text file (the rule above), or None."""
    nul = data.find(b"\0")
    if nul >= 0:
        return "it holds a NUL byte (at byte %d)" % (nul + 1)
    try:
        data.decode("utf-8")
        return None
    except UnicodeDecodeError:
        pass
    control = next((i for i, byte in enumerate(data) if byte < 32 and byte not in TEXT_CONTROLS), None)
    if control is None:
        return None
    return "it is neither UTF-8 nor 8-bit text (byte %d is the control character 0x%02x)" % (control + 1,
                                                                                        data[control])


def is_source(name, source_globs):
    """Whether NAME is a source file at the folder's top."""
    return "/" not in name and any(fnmatch.fnmatch(name, g) for g in source_globs)


def check_sources(files, source_globs):
    """Unusable unless the folder's top holds a source file, one not empty,
    and every source file there is text."""
    sources = sorted(n for n in files if is_source(n, source_globs))
    if not sources:
        raise Unusable("no sources: none of the files is %s (in the folder's top, not a sub-folder)"
                       % " ".join(source_globs))
    for name in sources:
        why = not_text(files[name])
        if why:
            raise Unusable("the file '%s' is not a text file: %s; send the program's source, "
                           "not a compiled program or another kind of document" % (name, why))
    if not any(files[name] for name in sources):
        raise Unusable("every source file is empty (%s): send the files with your program in them"
                       % ", ".join(sources))


def unpack(uploads, source_globs):
    """uploads: [(file name, bytes)]. Returns {path: bytes} with at least
    one source file (by source_globs, e.g. *.c) at its top, not empty,
    and every source file there text; or Unusable."""
    uploads = [(name, data) for name, data in uploads if name]
    if not uploads:
        raise Unusable("no files: send the sources (or one .zip or .tar.gz) as 'file' parts")
    if len(uploads) == 1 and uploads[0][0].lower().endswith(ARCHIVES):
        name, data = uploads[0]
        files = strip_top_folder(from_zip(data) if name.lower().endswith(".zip") else from_tar(data))
    else:
        files = {}
        for name, data in uploads:
            refuse_control(name)
            base = posixpath.basename(name.replace("\\", "/"))
            if base in ("", ".", "..") or base.lower().endswith(ARCHIVES):
                raise Unusable("'%s': send sources, or one archive alone" % name)
            if not data and is_source(base, source_globs):
                raise Unusable("the file '%s' is empty: send it with your program in it (was it saved?)" % base)
            _add(files, base, data)
    check_sources(files, source_globs)
    return files


def files_blob(files):
    """The files as one tar.gz, the same bytes for the same files."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz", format=tarfile.PAX_FORMAT) as archive:
        for name in sorted(files):
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(files[name]), 0o644, 0
            archive.addfile(info, io.BytesIO(files[name]))
    return buffer.getvalue()


def write_folder(blob, folder, leave_out=()):
    """files_blob's files written into folder (made by the service itself,
    still checked: plain files inside the folder only), but for those at
    its top named in leave_out."""
    for name, data in from_tar(blob).items():
        if name in leave_out:
            continue
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(data)


def sources_hash(files):
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(b"%s\0%s\0" % (name.encode(), hashlib.sha256(files[name]).hexdigest().encode()))
    return digest.hexdigest()
