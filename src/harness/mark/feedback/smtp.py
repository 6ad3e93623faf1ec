"""smtp.py -- FBDIR's feedback e-mails sent through an SMTP server
(smtplib): STARTTLS whenever an smtp:// server offers it (smtps://: TLS
from the start), a login when the server asks for one and credentials
were given (never over a connection in clear), each e-mail of
FBDIR/feedback.tsv not yet in FBDIR/sent.tsv sent once; one refused is
reported and the others still go. --dry-run lists them and connects to
nothing.
"""

import email
import email.policy
import os
import smtplib
import ssl

from . import sentlog
from .message import INDEX
from .options import smtp_address

# The server's answer when it wants a login first.
AUTH_REQUIRED = 530


class SendError(Exception):
    """What stops the sending: no server, no login; said for people."""


def connect(url, credentials, cafile, timeout):
    """An SMTP connection to URL, encrypted when it can be, logged in when
    the server asks and CREDENTIALS ((user, password) or None) are given."""
    scheme, host, port = smtp_address(url)
    context = ssl.create_default_context(cafile=cafile)
    try:
        if scheme == "smtps":
            server = smtplib.SMTP_SSL(host, port, timeout=timeout, context=context)
        else:
            server = smtplib.SMTP(host, port, timeout=timeout)
        server.ehlo()
        encrypted = scheme == "smtps"
        if not encrypted and server.has_extn("starttls"):
            server.starttls(context=context)
            server.ehlo()
            encrypted = True
        if credentials and server.has_extn("auth"):
            if not encrypted:
                server.close()
                raise SendError("%s offers no STARTTLS: the password is not sent in clear; nothing sent" % url)
            server.login(*credentials)
    except smtplib.SMTPAuthenticationError as problem:
        raise SendError("%s refused the login of %s: %s; nothing sent"
                        % (url, credentials[0], problem.smtp_error.decode(errors="replace"))) from None
    except ssl.SSLError as problem:
        raise SendError("%s: no secure connection: %s (--smtp-cafile: the certificates that vouch for the "
                        "server's); nothing sent" % (url, problem)) from None
    except (OSError, smtplib.SMTPException) as problem:
        raise SendError("cannot reach the SMTP server %s: %s; nothing sent" % (url, problem)) from None
    return server


def written(fbdir):
    """The index's e-mails (FBDIR/feedback.tsv, status written)."""
    path = os.path.join(fbdir, INDEX)
    if not os.path.isfile(path):
        raise SendError("%s holds no %s: write the e-mails first (--marks, --roster, --feedback)" % (fbdir, INDEX))
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    header = lines[0].split("\t")
    rows = [dict(zip(header, line.split("\t"))) for line in lines[1:] if line]
    return [r for r in rows if r.get("status") == "written" and r.get("file")]


def read_message(fbdir, entry):
    with open(os.path.join(fbdir, entry["file"]), "rb") as handle:
        data = handle.read()
    return email.message_from_bytes(data, policy=email.policy.default), len(data)


def send_one(server, fbdir, entry):
    """ENTRY's e-mail sent; returns its Message-ID. Raises smtplib's errors."""
    message, _ = read_message(fbdir, entry)
    sender = message["From"].addresses[0].addr_spec
    server.send_message(message, from_addr=sender, to_addrs=[entry["email"]])
    return message["Message-ID"] or ""


def refusal(problem):
    """(words, whether the server wants a login) of an SMTP error."""
    if isinstance(problem, smtplib.SMTPRecipientsRefused):
        code, text = next(iter(problem.recipients.values()))
    elif isinstance(problem, smtplib.SMTPResponseException):
        code, text = problem.smtp_code, problem.smtp_error
    else:
        return str(problem), False
    text = text.decode(errors="replace") if isinstance(text, bytes) else str(text)
    return "%d %s" % (code, text), code == AUTH_REQUIRED


def send_all(fbdir, url, credentials, cafile, timeout, dry_run, say=print):
    """Sends (or lists) the e-mails not sent yet; returns (sent, failed, already)."""
    entries = written(fbdir)
    done = sentlog.already_sent(fbdir)
    todo = [e for e in entries if (e["name"], e["email"]) not in done]
    for e in entries:
        if (e["name"], e["email"]) in done:
            say("feedback: %s <%s>: already sent (%s, in sent.tsv): not again" % (e["name"], e["email"],
                                                                                   done[(e["name"], e["email"])]))
    if dry_run:
        for e in todo:
            say("feedback: would send to %s <%s>: %s (%d bytes)" % (e["name"], e["email"], e["subject"],
                                                                     read_message(fbdir, e)[1]))
        return 0, 0, len(entries) - len(todo)
    if not todo:
        return 0, 0, len(entries)
    server = connect(url, credentials, cafile, timeout)
    sent = failed = 0
    try:
        for number, e in enumerate(todo, 1):
            try:
                message_id = send_one(server, fbdir, e)
            except smtplib.SMTPServerDisconnected as problem:
                say("feedback: %s <%s>: not sent: the server closed the connection (%s)" % (e["name"], e["email"], problem))
                failed += 1
                server = connect(url, credentials, cafile, timeout)
                continue
            except (smtplib.SMTPException, OSError) as problem:
                words, wants_login = refusal(problem)
                if wants_login:
                    raise SendError("%s asks for a login: set SMTP_USER and SMTP_PASSWORD (or --smtp-user and "
                                    "--smtp-password-file); %d sent before" % (url, sent)) from None
                say("feedback: %s <%s>: not sent: %s" % (e["name"], e["email"], words))
                failed += 1
                continue
            sentlog.record(fbdir, e, message_id)
            sent += 1
            say("feedback: [%d/%d] sent to %s <%s>" % (number, len(todo), e["name"], e["email"]))
    finally:
        try:
            server.quit()
        except (smtplib.SMTPException, OSError):
            pass
    return sent, failed, len(entries) - len(todo)
