"""The web app's referee and rules browser: a dispute is ruled on as ``cardrules judge`` rules
on the file, no file of the machine is read through it, bad text is refused with a code, the
rules are listed whole, and pages carry their Content-Security-Policy (``cardrules.web``)."""

from __future__ import annotations

import json
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardrules.cases.model import load_case_text
from cardrules.clauses import clause_index, default_spec_dir
from cardrules.judge import judge_case
from cardrules.limits import MAX_FILE_BYTES
from cardrules.registry import game_named
from cardrules.variant import load_variant
from cardrules.web import create_app
from cardrules.web.app import MAX_BODY_BYTES

SPEC = default_spec_dir()
assert SPEC is not None
#: Shipped case files whose positions name presets only (none reads a file beside it).
CASE_FILES = [
    "siyaosi/moves.toml",
    "siyaosi/capture_chi.toml",
    "siyaosi/rounds.toml",
    "siyaosi/tricks.toml",
    "shengji/table.toml",
    "shengji/state.toml",
    "shengji/match.toml",
]
#: A variant file planted where a path in a dispute could reach it: its text must never be sent.
SECRET = "TOPSECRET-c0ffee-4A4"


def judge(client: TestClient, text: str, lang: str = "en") -> Any:
    return client.post("/api/judge", json={"text": text, "lang": lang})


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "t.db"), bot_delay=0.0, window=0.0)) as made:
        yield made


# ---------------------------------------------------------------- 1. as cardrules judge rules
@pytest.mark.parametrize("name", CASE_FILES)
def test_a_dispute_is_ruled_on_as_cardrules_judge_rules_on_the_file(
    client: TestClient, tmp_path: Path, name: str
) -> None:
    assert SPEC is not None
    text = (SPEC / "cases" / name).read_text(encoding="utf-8")
    empty = tmp_path / "empty"
    empty.mkdir()
    cases = load_case_text(text, base=empty, name="dispute.toml", require_expect=False).cases
    assert cases
    ids = set()
    for lang in ("en", "zh"):
        response = judge(client, text, lang)
        assert response.status_code == 200, response.text
        assert "script-src 'self'" in response.headers["content-security-policy"]
        body = response.json()
        ids.add(body["dispute"])
        assert body["url"] == f"/referee?dispute={body['dispute']}"
        rulings = body["rulings"]
        assert [r["case"] for r in rulings] == [c.id for c in cases]
        clauses = clause_index(lang=lang)
        for case, ruled in zip(cases, rulings, strict=True):
            ruling = judge_case(case)
            assert ruled["kind"] == case.kind
            assert ruled["lines"] == ruling.lines(lang, clauses), case.id
            assert ruled["clauses"] == list(ruling.clauses)
            assert ruled["ruling"] == json.loads(json.dumps(ruling.to_json()))
            assert ruled["answer"] != "error", case.id  # shipped cases are all ruled on
            expect = case.expect
            if isinstance(expect, str) and case.kind == "play":
                assert ruled["answer"] == expect.lower(), case.id
    # the same text, the same dispute; its link gives the text back as it was sent
    (key,) = ids
    again = judge(client, text, "en").json()["dispute"]
    assert again == key
    dispute = client.get(f"/api/disputes/{key}")
    assert dispute.status_code == 200
    assert dispute.json() == {"dispute": key, "text": text}
    other = judge(client, text + "\n# another dispute\n").json()["dispute"]
    assert other != key
    assert client.get(f"/api/disputes/{other}").json()["text"] == text + "\n# another dispute\n"


def test_an_unknown_dispute_is_not_found(client: TestClient) -> None:
    for key in ["0" * 20, "x" * 65, "%00"]:
        response = client.get(f"/api/disputes/{key}")
        assert response.status_code == 404
        assert response.json()["type"] == "error" and response.json()["code"] == "no-table"
    # a key with a slash is no route at all
    assert client.get("/api/disputes/..%2F..%2Fetc%2Fpasswd").status_code == 404


# ---------------------------------------------------------------- 2. no file of the machine
def test_a_dispute_cannot_read_a_file_of_the_machine(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A variant file is planted two folders above the folder the referee reads a dispute in
    (its temporary folders are made under ``tmp_path/tmp``), and at an absolute path: neither,
    nor /etc/passwd, is read; the answer names the refusal and never the file's text."""
    assert SPEC is not None
    planted = tmp_path / "planted.toml"
    preset = (game_named("siyaosi").presets / "one-deck.toml").read_text(encoding="utf-8")
    planted.write_text(preset.replace('description = "', f'description = "{SECRET} ', 1))
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    passwd = Path("/etc/passwd").read_text() if Path("/etc/passwd").is_file() else ""
    root_line = passwd.splitlines()[0] if passwd else "root:x:0:0"
    moves = (SPEC / "cases/siyaosi/moves.toml").read_text()
    for ref in [
        "/etc/passwd",
        "../../pyproject.toml",
        "../../planted.toml",
        "../planted.toml",
        str(planted),
        "~/.bashrc",
    ]:
        # a named position of the file
        text = moves.replace('variant = "classic"', f'variant = "{ref}"')
        response = judge(client, text)
        assert response.status_code == 400, (ref, response.text)
        assert response.json()["code"] == "bad-case-file"
        assert SECRET not in response.text and root_line not in response.text
        assert "[project]" not in response.text
        # a variant case: a refusal is its ruling
        variant_case = "\n".join(
            [
                "format = 1",
                "[[case]]",
                'id = "a-path"',
                'kind = "variant"',
                'rules = ["4A4-TABLE-1"]',
                "[case.position]",
                'game = "siyaosi"',
                f"variant = {json.dumps(ref)}",
            ]
        )
        response = judge(client, variant_case)
        assert response.status_code == 200, (ref, response.text)
        (ruling,) = response.json()["rulings"]
        assert ruling["answer"] == "refused", (ref, ruling)
        assert ruling["ruling"]["refusal"]["error"] == "bad-variant"
        assert SECRET not in response.text and root_line not in response.text
        assert "[project]" not in response.text
    # the planted file is a good variant: read from its own folder it loads (the secret in its
    # description), so the refusals above were the referee's, not the file's
    assert SECRET in load_variant("planted.toml", game="siyaosi", base=tmp_path).description


# -------------------------------------------------------------------------------- 3. bad text
def test_bad_dispute_text_is_refused_with_a_code(client: TestClient) -> None:
    assert SPEC is not None
    moves = (SPEC / "cases/siyaosi/moves.toml").read_text()
    for body, status, code in [
        ({"text": "format = [", "lang": "en"}, 400, "bad-case-file"),  # not TOML
        ({"text": "colour = 'blue'", "lang": "en"}, 400, "bad-case-file"),  # not a case file
        ({"text": "format = 2\n", "lang": "en"}, 400, "bad-case-file"),
        ({"text": moves.replace("[[case]]", "[[cases]]", 1)}, 400, "bad-case-file"),
        ({"text": "a" * (MAX_FILE_BYTES + 1), "lang": "en"}, 413, "too-large"),
        ({"text": 12, "lang": "en"}, 400, "bad-request"),
        ({"lang": "en"}, 400, "bad-request"),
        ({"text": moves, "lang": "fr"}, 400, "unknown-language"),
        ({"text": moves, "lang": ["en"]}, 400, "unknown-language"),
        ({"text": moves, "lang": "en", "seat": 0}, 400, "bad-request"),
    ]:
        response = client.post("/api/judge", json=body)
        assert response.status_code == status, (str(body)[:80], response.text[:200])
        assert response.json()["type"] == "error"
        assert response.json()["code"] == code, (str(body)[:80], response.json())
        assert response.json()["message"]
    for raw, status, code in [
        (b"not json", 400, "bad-json"),
        (b'["text"]', 400, "bad-json"),
        (b"[" * 100_000, 400, "bad-json"),
        (b"x" * (MAX_BODY_BYTES + 1), 413, "too-large"),
    ]:
        response = client.post(
            "/api/judge", content=raw, headers={"content-type": "application/json"}
        )
        assert response.status_code == status, (raw[:20], response.text[:200])
        assert response.json()["code"] == code
    # a move the notation cannot read is a ruling that cannot be made (the other cases of the
    # file are still ruled on), not a refusal of the file
    response = judge(client, moves.replace('"0: 8D"', '"0: 8Z"', 1))
    assert response.status_code == 200
    rulings = response.json()["rulings"]
    assert (
        rulings[0]["answer"] == "error" and rulings[0]["ruling"]["error"]["error"] == "bad-notation"
    )
    assert [r["answer"] for r in rulings[1:]] == ["legal"] * (len(rulings) - 1)


def test_rules_in_an_unknown_language_are_refused(client: TestClient) -> None:
    for lang in ["fr", "", "EN", "zh-TW"]:
        response = client.get("/api/rules", params={"lang": lang})
        assert response.status_code == 400, lang
        assert response.json()["code"] == "unknown-language"


# --------------------------------------------------------------------- 4. the rules, the pages
def shipped_citations() -> dict[str, set[tuple[str, str, str]]]:
    """Every shipped case, by each clause it cites, read straight from the files."""
    assert SPEC is not None
    found: dict[str, set[tuple[str, str, str]]] = {}
    for path in sorted((SPEC / "cases").rglob("*.toml")):
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        name = str(path.relative_to(SPEC.parent))
        for entry in doc.get("case", []):
            for rule in entry.get("rules", []):
                found.setdefault(rule, set()).add((name, entry["id"], entry["kind"]))
    return found


def test_the_rules_list_every_clause_in_both_languages_with_its_cases(
    client: TestClient,
) -> None:
    assert SPEC is not None
    english = clause_index()
    cited = shipped_citations()
    assert cited["4A4-MOVES-1"] >= {
        (
            f"{SPEC.name}/cases/siyaosi/moves.toml",
            "a-non-canonical-suit-choice-is-legal-too",
            "play",
        )
    }
    listed: dict[str, dict[str, Any]] = {}
    for lang in ("en", "zh"):
        response = client.get("/api/rules", params={"lang": lang})
        assert response.status_code == 200
        clauses = response.json()["clauses"]
        assert [c["id"] for c in clauses] == list(english)
        index = clause_index(lang=lang)
        for clause in clauses:
            cid = clause["id"]
            assert clause["title"] and clause["text"]
            if cid in index:
                assert clause["title"] == index[cid].title
                assert clause["text"] == index[cid].text
            prefix = cid.split("-")[0]
            assert clause["game"] == {"4A4": "siyaosi", "SJ": "shengji"}.get(prefix, "core")
            got = {(c["file"], c["id"], c["kind"]) for c in clause["cases"]}
            assert got == cited.get(cid, set()), cid
            assert len(clause["cases"]) == len(got)
        listed[lang] = {c["id"]: c for c in clauses}
    # the Chinese rules are the translation, the cases the same
    assert listed["zh"]["CORE-API-1"]["title"] != listed["en"]["CORE-API-1"]["title"]
    assert sum(1 for c in english if c in clause_index(lang="zh")) > len(english) // 2
    for cid in english:
        assert listed["zh"][cid]["cases"] == listed["en"][cid]["cases"]
    # every clause a shipped case cites is listed
    assert set(cited) <= set(english)


@pytest.mark.parametrize("path", ["/", "/referee", "/rules", "/table/x?token=y"])
def test_pages_carry_a_strict_content_security_policy(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "<script>" not in response.text  # every script is a file (/static/...)
