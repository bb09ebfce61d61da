"""Lists the content hashes of contents 1 .. N, one a line, as Apicurio computes them: the SHA-256 of
the bytes, in lower-case hex. Reads each content as stored, by its id through the v3 API, over one
kept-alive connection, so that the list follows whatever the seeding stored.

    python3 bench/content_hashes.py http://127.0.0.1:8080 10000 > hashes
"""
import hashlib
import http.client
import sys
from urllib.parse import urlparse

url, count = urlparse(sys.argv[1]), int(sys.argv[2])
connection = http.client.HTTPConnection(url.hostname, url.port)
for content_id in range(1, count + 1):
    connection.request("GET", f"/apis/registry/v3/ids/contentIds/{content_id}")
    response = connection.getresponse()
    body = response.read()
    if response.status != 200:
        sys.exit(f"content {content_id}: status {response.status}: {body[:200]!r}")
    print(hashlib.sha256(body).hexdigest())
