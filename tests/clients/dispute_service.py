"""An example client: a dispute service. Players (or their app) POST a dispute written in the
case format (TOML text, no ``expect``); the service answers with one JSON ruling per case, and,
for people, the same rulings written out in the language they ask for (``?lang=zh``).

It uses only the public API — ``load_case_text`` reads the request's body with the service's
folder of house-rule files as its base (a variant path in a dispute is read from there, and
nowhere else), ``judge_case`` rules on each case and never raises for a case's content, every
error has a ``code`` and ``to_json()`` — so it needs no temporary file and no private import.
It is a WSGI application (run it with ``python dispute_service.py VARIANTS_FOLDER``) and is
type-checked with ``mypy --strict`` like the library.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import parse_qs
from wsgiref.types import StartResponse, WSGIEnvironment

from cardrules import CardrulesError
from cardrules.cases import load_case_text
from cardrules.i18n import LANGUAGES
from cardrules.jsonio import JSON, JSONObject
from cardrules.judge import CaseError, judge_case
from cardrules.limits import MAX_FILE_BYTES

__all__ = ["DisputeService", "Reply"]

#: An HTTP status and the JSON body of the reply.
Reply = tuple[int, JSONObject]


class DisputeService:
    """Rules on disputes received as text. ``variants`` is the folder of the house-rule files a
    dispute may name (``variant = "our-club.toml"``)."""

    def __init__(self, variants: Path, *, lang: str = "zh") -> None:
        self.variants = variants
        self.lang = lang

    def rule(self, body: str | bytes, *, lang: str | None = None) -> Reply:
        """The reply to one dispute: 200 with a ruling per case (a case that cannot be ruled on
        is an entry with its error's code, the others are still ruled on), 400 with the error
        when the text is not a dispute at all."""
        lang = lang or self.lang
        if lang not in LANGUAGES:
            return 400, {"error": {"error": "unknown-language", "message": f"lang: {lang:.20}"}}
        try:
            dispute = load_case_text(
                body, base=self.variants, name="dispute.toml", require_expect=False
            )
        except CardrulesError as err:
            return 400, {"error": dict(err.to_json())}
        rulings: list[JSON] = []
        texts: list[JSON] = []
        problems = 0
        for case in dispute.cases:
            ruling = judge_case(case)
            problems += isinstance(ruling, CaseError)
            rulings.append(ruling.to_json())
            texts.append("\n".join(ruling.lines(lang)))
        return 200, {"rulings": rulings, "text": texts, "unruled": problems}

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        """The service as a WSGI application: ``POST /`` with the dispute as the body."""
        status, reply = self._serve(environ)
        payload = json.dumps(reply, ensure_ascii=False).encode("utf-8")
        reason = {200: "OK", 400: "Bad Request", 405: "Method Not Allowed", 413: "Too Large"}
        start_response(
            f"{status} {reason[status]}",
            [
                ("Content-Type", "application/json; charset=utf-8"),
                ("Content-Length", str(len(payload))),
            ],
        )
        return [payload]

    def _serve(self, environ: WSGIEnvironment) -> Reply:
        if environ.get("REQUEST_METHOD") != "POST":
            return 405, {"error": {"error": "bad-argument", "message": "POST a dispute"}}
        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = -1
        if not 0 <= length <= MAX_FILE_BYTES:
            message = f"a dispute of at most {MAX_FILE_BYTES} bytes"
            return 413, {"error": {"error": "bad-argument", "message": message}}
        body: bytes = environ["wsgi.input"].read(length)
        query = parse_qs(str(environ.get("QUERY_STRING", "")))
        lang = query.get("lang", [self.lang])[0]
        return self.rule(body, lang=lang)


if __name__ == "__main__":  # pragma: no cover - a demonstration server
    from wsgiref.simple_server import make_server

    folder = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    with make_server("127.0.0.1", 8018, DisputeService(folder)) as server:
        print("dispute service on http://127.0.0.1:8018/ (POST a dispute; ?lang=en or zh)")
        server.serve_forever()
