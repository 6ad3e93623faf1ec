"""logs.py -- the service's log: one logfmt line per event on stderr
(time, component, event, then key=value; a value with spaces or quotes is
quoted as JSON), which people read and log tools parse."""

import json
import sys
import time


def logfmt(**fields):
    def value(v):
        text = str(v)
        return json.dumps(v if v is None else text) if v is None or not text or " " in text or '"' in text \
            or "=" in text or text == "null" else text
    return " ".join("%s=%s" % (key, value(v)) for key, v in fields.items())


def log(component, event, **fields):
    print(logfmt(time=time.strftime("%Y-%m-%dT%H:%M:%S%z"), component=component, event=event, **fields),
          file=sys.stderr, flush=True)


def parse(line):
    """A logfmt line of log() as {key: text}: logfmt's inverse (a quoted
    value is JSON; null is None)."""
    fields, decoder, at = {}, json.JSONDecoder(), 0
    line = line.rstrip("\n")
    while at < len(line):
        equals = line.index("=", at)
        key = line[at:equals]
        if line.startswith('"', equals + 1):
            value, end = decoder.raw_decode(line, equals + 1)
        else:
            end = line.find(" ", equals + 1)
            end = len(line) if end < 0 else end
            value = line[equals + 1:end]
            value = None if value == "null" else value
        fields[key] = value
        at = end + 1
    return fields
