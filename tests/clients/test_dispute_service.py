"""The example dispute service (``dispute_service.py``): TOML text in, JSON rulings out, through
the public API alone — no temporary file, and a house-rule file read from the service's own
folder, never from elsewhere."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

from jsonschema import Draft202012Validator

sys.path.insert(0, str(Path(__file__).resolve().parent))

from dispute_service import DisputeService

from cardrules.jsonio import JSON
from cardrules.judge import read_ruling
from cardrules.schema import schema_of

DISPUTE = """format = 1

[[case]]
id = "did-seat-2-cha"
kind = "play"
moves = ["0: 8S", "2: 8C 8C"]
note = "座位 2 不该出的时候出了两张 8"
[case.position]
game = "siyaosi"
variant = "club.toml"
hands = ["8S 5C 9D", "8D 8H KH", "8C 8C QH", "3S 4D 8H"]
leader = 0

[[case]]
id = "a-typo"
kind = "play"
moves = ["0: 8Z"]
[case.position]
game = "siyaosi"
variant = "classic"
hands = ["8S 5C 9D", "8D 8H KH", "8C 8C QH", "3S 4D 8H"]
leader = 0

[[case]]
id = "can-we-play-with-five"
kind = "variant"
[case.position]
game = "siyaosi"
variant = "classic"
overrides = { players = 5 }
"""


def _service(tmp_path: Path) -> DisputeService:
    folder = tmp_path / "variants"
    folder.mkdir()
    (folder / "club.toml").write_text(
        'game = "siyaosi"\nname = "club"\nextends = "classic"\n', encoding="utf-8"
    )
    (tmp_path / "secret.toml").write_text('game = "siyaosi"\nextends = "classic"\n')
    return DisputeService(folder)


def _list(reply: dict[str, JSON], key: str) -> list[JSON]:
    value = reply[key]
    assert isinstance(value, list)
    return value


def test_a_dispute_gets_a_json_ruling_per_case(tmp_path: Path) -> None:
    service = _service(tmp_path)
    status, reply = service.rule(DISPUTE.encode("utf-8"))
    assert status == 200 and reply["unruled"] == 1
    rulings = _list(reply, "rulings")
    validator = Draft202012Validator(schema_of("siyaosi.ruling"))
    for document in rulings:
        assert isinstance(document, dict) and not list(validator.iter_errors(document))
        assert read_ruling(document, "siyaosi").to_json() == document
    play, typo, five = rulings
    assert isinstance(play, dict) and play["case"] == "did-seat-2-cha" and play["answer"] == "legal"
    assert isinstance(typo, dict) and isinstance(typo["error"], dict)
    assert typo["error"]["error"] == "bad-notation"
    assert isinstance(five, dict) and five["answer"] == "refused" and five["keys"] == ["players"]
    text = _list(reply, "text")
    assert isinstance(text[0], str) and "裁定：2: 岔 8♣ 8♣ — 合规" in text[0]
    assert isinstance(text[1], str) and text[1].startswith("无法裁定")


def test_a_variant_outside_the_service_folder_is_refused(tmp_path: Path) -> None:
    service = _service(tmp_path)
    status, reply = service.rule(DISPUTE.replace('"club.toml"', '"../secret.toml"'))
    assert status == 400
    error = reply["error"]
    assert isinstance(error, dict) and error["error"] == "bad-case-file"
    assert "outside" in str(error["message"])


def test_text_that_is_not_a_dispute_is_a_400_with_the_code(tmp_path: Path) -> None:
    service = _service(tmp_path)
    for body in (b"\xff\xfe", "format = 1\n[[case]]\nid = 5\n", "x" * 200_000):
        status, reply = service.rule(body)
        error = reply["error"]
        assert status == 400 and isinstance(error, dict) and error["error"] == "bad-case-file"
    assert service.rule(DISPUTE, lang="fr")[0] == 400


def test_the_service_over_wsgi(tmp_path: Path) -> None:
    service = _service(tmp_path)
    body = DISPUTE.encode("utf-8")
    seen: list[str] = []

    def start_response(
        status: str, headers: list[tuple[str, str]], exc_info: object = None
    ) -> None:
        seen.append(status)

    environ = {
        "REQUEST_METHOD": "POST",
        "CONTENT_LENGTH": str(len(body)),
        "QUERY_STRING": "lang=en",
        "wsgi.input": io.BytesIO(body),
    }
    (payload,) = service(environ, start_response)  # type: ignore[arg-type]
    reply = json.loads(payload)
    assert seen == ["200 OK"] and "ruling: 2: cha 8C 8C — legal" in reply["text"][0]
    (refused,) = service({"REQUEST_METHOD": "GET"}, start_response)  # type: ignore[arg-type]
    assert seen[-1].startswith("405") and json.loads(refused)["error"]["error"] == "bad-argument"
