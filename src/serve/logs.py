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
            or "=" in text else text
    return " ".join("%s=%s" % (key, value(v)) for key, v in fields.items())


def log(component, event, **fields):
    print(logfmt(time=time.strftime("%Y-%m-%dT%H:%M:%S%z"), component=component, event=event, **fields),
          file=sys.stderr, flush=True)
