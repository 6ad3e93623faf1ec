"""page_links.py PAGE -- every href and src of an HTML page that does not
resolve: an external address, an anchor with no element of that id, a
relative path that names no file; then "links: N" (how many there were).
Standard library only."""
import html.parser, os, sys, urllib.parse
page = sys.argv[1]
class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(); self.hrefs = []; self.ids = set()
    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs: self.ids.add(attrs["id"])
        for key in ("href", "src"):
            if key in attrs: self.hrefs.append(attrs[key])
parser = Links(); parser.feed(open(page, encoding="utf-8").read())
count = 0
for href in parser.hrefs:
    count += 1
    url = urllib.parse.urlparse(href)
    if url.scheme or url.netloc:
        print("external:", href); continue
    if not url.path:
        if url.fragment not in parser.ids: print("no anchor:", href)
        continue
    target = os.path.join(os.path.dirname(page), urllib.parse.unquote(url.path))
    if not os.path.isfile(target): print("missing:", href)
print("links:", count)
