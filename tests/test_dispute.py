"""A dispute service's needs (issue 18): case text read with a base folder, a ruling document for
every case kind, one bad case failing alone, arguments checked as the command line checks them,
the ``variant`` case kind, ``--lang zh`` saying everything in Chinese, and ``explain``."""

from __future__ import annotations

import json
import re
import string
import time
import typing
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from cardrules import CardrulesError, CaseFileError, shengji, siyaosi
from cardrules.cases import (
    Case,
    Clause,
    cited_rulings,
    clause_index,
    load_case_file,
    load_case_text,
    rule_on,
)
from cardrules.cli import main
from cardrules.events import Event
from cardrules.i18n import catalog
from cardrules.judge import (
    BeatsRuling,
    CaseError,
    CaseRuling,
    ClassifyRuling,
    RoundRuling,
    Ruling,
    VariantRuling,
    judge,
    judge_case,
    read_ruling,
)
from cardrules.limits import MAX_FILE_BYTES
from cardrules.schema import schema_of
from cardrules.variant import switches_of

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "spec"
CHAIN = {
    "game": "siyaosi",
    "variant": "classic",
    "hands": ["8S 5C 9D", "8D 8H KH", "8C 8C QH", "3S 4D 8H"],
    "leader": 0,
}

#: One case of each kind, and of each game where the rulings differ, plus cases that cannot be
#: ruled on: a dispute as a service receives it.
DISPUTE = """format = 1

[positions.chain]
game = "siyaosi"
variant = "classic"
hands = ["8S 5C 9D", "8D 8H KH", "8C 8C QH", "3S 4D 8H"]
leader = 0

[positions.throw]
game = "shengji"
variant = "four-deck"
levels = ["2", "2"]
trump = "H"
banker = 0
hands = ["AS AS KS 3D", "QS JS 4S 4D", "AS 9S 8S 5D", "10S 7S 6S 6D"]

[[case]]
id = "did-seat-2-cha"
kind = "play"
position = "chain"
moves = ["0: 8S", "2: 8C 8C"]
rules = ["4A4-CHAIN-2"]

[[case]]
id = "out-of-turn"
kind = "play"
position = "chain"
moves = ["0: 8S", "3: 3S"]

[[case]]
id = "a-failed-throw"
kind = "play"
position = "throw"
moves = ["0: AS AS KS"]

[[case]]
id = "a-bad-move"
kind = "play"
position = "chain"
moves = ["0: 8S", "2: ZZ"]

[[case]]
id = "is-it-a-bomb"
kind = "classify"
cards = "0: 8S 8H 8D"
rules = ["4A4-COMBO-6"]
position = { game = "siyaosi", variant = "classic" }

[[case]]
id = "a-seat-that-is-not-there"
kind = "classify"
cards = "9: 8S"
position = { game = "siyaosi", variant = "classic" }

[[case]]
id = "does-a-nine-beat-an-eight"
kind = "beats"
top = "0: 8S"
play = "1: 9S"
position = { game = "siyaosi", variant = "classic" }

[[case]]
id = "who-pays-tribute"
kind = "round"
finish = [1, 3]
next_hands = ["BJ 9C 5D", "3S 4S", "2S 6H 9D", "3H 4H"]
position = { game = "siyaosi", variant = "classic", levels = ["5", "4"], ruling = 0 }

[[case]]
id = "a-big-shutout"
kind = "round"
attacker_points = 0
position = { game = "shengji", variant = "four-deck", levels = ["2", "2"], banker = 0 }

[[case]]
id = "five-players"
kind = "variant"
position = { game = "siyaosi", variant = "classic", overrides = { players = 5 } }

[[case]]
id = "six-players"
kind = "variant"
position = { game = "shengji", variant = "four-deck", overrides = { players = 6, kitty = 6 } }
"""


def _rulings() -> dict[str, CaseRuling]:
    cases = load_case_text(DISPUTE, base=FIXTURE, require_expect=False).cases
    return {case.id: judge_case(case) for case in cases}


RULINGS = _rulings()


# ---------------------------------------------------------------------- case text, with a base
def test_case_text_reads_as_the_same_file_would(tmp_path: Path) -> None:
    path = tmp_path / "dispute.toml"
    path.write_text(DISPUTE, encoding="utf-8")
    from_file = load_case_file(path, require_expect=False)
    for text in (DISPUTE, DISPUTE.encode("utf-8")):
        from_text = load_case_text(text, base=tmp_path, name="dispute.toml", require_expect=False)
        assert from_text.cases == from_file.cases
    assert from_file.cases[0].name == "dispute.toml::did-seat-2-cha"


def test_variant_paths_are_read_from_the_base_and_stay_inside_it(tmp_path: Path) -> None:
    house = 'game = "siyaosi"\nname = "house"\nextends = "classic"\nchi = true\n'
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "house.toml").write_text(house, encoding="utf-8")
    (tmp_path / "outside.toml").write_text(house, encoding="utf-8")
    case = (
        'format = 1\n[[case]]\nid = "a"\nkind = "classify"\ncards = "0: 8S"\nexpect = "single"\n'
        '[case.position]\ngame = "siyaosi"\nvariant = "{}"\n'
    )
    (loaded,) = load_case_text(case.format("house.toml"), base=tmp_path / "variants").cases
    assert loaded.position.variant.name == "house"
    with pytest.raises(CaseFileError, match="outside"):
        load_case_text(case.format("../outside.toml"), base=tmp_path / "variants")
    (outside,) = load_case_text(
        case.format("../outside.toml"), base=tmp_path / "variants", allow_outside=True
    ).cases
    assert outside.position.variant.name == "house"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (b"format = 1\n# \xff\n", "not UTF-8"),
        ("format = 1\n# \ud800\n", "not UTF-8"),
        ("format = 1\nx = " + "[" * 2000 + "]" * 2000 + "\n", "nested deeper than"),
        ("format = 1\n" + "#" * MAX_FILE_BYTES + "\n", "larger than the limit"),
        (b"format = 1\n" + b"#" * MAX_FILE_BYTES + b"\n", "larger than the limit"),
        ("format = ", "not valid TOML"),
        ("format = 2\n", "'format = 1' is required"),
    ],
    ids=["bad-utf8", "surrogate", "nested", "large-text", "large-bytes", "not-toml", "format"],
)
def test_case_text_is_checked_as_a_file_is(
    tmp_path: Path, text: str | bytes, fragment: str
) -> None:
    with pytest.raises(CaseFileError) as from_text:
        load_case_text(text, base=tmp_path, name="request.toml")
    assert fragment in str(from_text.value) and "request.toml" in str(from_text.value)
    path = tmp_path / "request.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    with pytest.raises(CaseFileError) as from_file:
        load_case_file(path)
    assert fragment in str(from_file.value)


def test_text_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    huge = "format = 1\n" + "x = 1\n" * 10_000_000  # 60 MB
    start = time.perf_counter()
    with pytest.raises(CaseFileError, match="larger than the limit"):
        load_case_text(huge, base=tmp_path)
    assert time.perf_counter() - start < 0.5


@pytest.mark.parametrize(
    "kwargs",
    [
        {"base": 5},
        {"base": "/no/such/folder"},
        {"base": ".", "name": "a/b.toml"},
        {"base": ".", "name": ""},
        {"base": ".", "allow_outside": "yes"},
    ],
)
def test_case_text_arguments_are_checked(kwargs: dict[str, object]) -> None:
    with pytest.raises(CardrulesError) as err:
        load_case_text(DISPUTE, **kwargs)  # type: ignore[arg-type]
    assert err.value.code == "bad-argument"


def test_text_that_is_not_text_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CaseFileError, match="text or bytes"):
        load_case_text(5, base=tmp_path)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- a ruling for every kind
def test_every_case_kind_has_its_ruling_with_the_case_id() -> None:
    kinds = {case_id: type(r) for case_id, r in RULINGS.items()}
    assert kinds == {
        "did-seat-2-cha": Ruling,
        "out-of-turn": Ruling,
        "a-failed-throw": Ruling,
        "a-bad-move": CaseError,
        "is-it-a-bomb": ClassifyRuling,
        "a-seat-that-is-not-there": CaseError,
        "does-a-nine-beat-an-eight": BeatsRuling,
        "who-pays-tribute": RoundRuling,
        "a-big-shutout": RoundRuling,
        "five-players": VariantRuling,
        "six-players": VariantRuling,
    }
    assert all(r.case == case_id for case_id, r in RULINGS.items())
    assert all(r.to_json()["case"] == case_id for case_id, r in RULINGS.items())


def test_the_rulings_say_what_the_engine_says() -> None:
    cha, refused, throw = (
        RULINGS["did-seat-2-cha"],
        RULINGS["out-of-turn"],
        RULINGS["a-failed-throw"],
    )
    assert isinstance(cha, Ruling) and cha.legal and cha.clauses[0] == "4A4-CHAIN-2"
    assert isinstance(refused, Ruling) and refused.code == "not-your-turn"
    assert isinstance(throw, Ruling) and "throw-failed" in [e.name for e in throw.effects]
    bomb = RULINGS["is-it-a-bomb"]
    assert isinstance(bomb, ClassifyRuling) and bomb.answer == "bomb"
    assert bomb.clauses == ("4A4-COMBO-6",)
    beats = RULINGS["does-a-nine-beat-an-eight"]
    assert isinstance(beats, BeatsRuling) and beats.answer is True


def test_a_round_ruling_carries_everything_the_round_computes() -> None:
    siyaosi_round = RULINGS["who-pays-tribute"]
    assert isinstance(siyaosi_round, RoundRuling)
    assert siyaosi_round.result == {
        "levels": ["5", "6"],
        "ruling": 1,
        "score": [0, 0],
        "winner": -1,
        "tributes": ["0>1: BJ", "2>3: 6H"],
        "leader": 1,
    }
    shengji_round = RULINGS["a-big-shutout"]
    assert isinstance(shengji_round, RoundRuling)
    assert shengji_round.result == {
        "levels": ["5", "2"],
        "banker": 2,
        "score": [9, -9],
        "winner": -1,
        "scores": [9, -9, 9, -9],
    }


def test_a_round_without_the_next_deal_leaves_the_tributes_out() -> None:
    text = DISPUTE.replace('next_hands = ["BJ 9C 5D", "3S 4S", "2S 6H 9D", "3H 4H"]\n', "")
    cases = load_case_text(text, base=FIXTURE, require_expect=False).cases
    case = next(c for c in cases if c.id == "who-pays-tribute")
    ruling = judge_case(case)
    assert isinstance(ruling, RoundRuling) and "tributes" not in ruling.result
    assert ruling.result["levels"] == ["5", "6"]


def test_a_variant_ruling_names_its_refusal() -> None:
    five, six = RULINGS["five-players"], RULINGS["six-players"]
    assert isinstance(five, VariantRuling) and five.answer == "refused"
    assert five.keys == ("players",) and five.refusal is not None
    assert five.refusal["error"] == "bad-variant" and five.name is None
    assert isinstance(six, VariantRuling) and six.answer == "playable" and six.refusal is None


@pytest.mark.parametrize("case_id", sorted(RULINGS))
def test_every_ruling_follows_its_schema_and_reads_back(case_id: str) -> None:
    ruling = RULINGS[case_id]
    document = ruling.to_json()
    assert (document["format"], document["type"], document["kind"]) == (1, "ruling", ruling.kind)
    errors = list(Draft202012Validator(schema_of(f"{ruling.game}.ruling")).iter_errors(document))
    assert not errors, errors[0].message
    again = read_ruling(json.dumps(document), ruling.game)
    assert again == ruling and again.to_json() == document


def test_a_ruling_document_that_is_wrong_is_refused_naming_the_field() -> None:
    document = RULINGS["is-it-a-bomb"].to_json()
    for bad, field in (
        ({**document, "kind": "guess"}, "kind"),
        ({**document, "answer": 5}, "answer"),
        ({**document, "extra": 1}, "extra"),
        ({**document, "clauses": "4A4-COMBO-6"}, "clauses"),
    ):
        with pytest.raises(CardrulesError) as err:
            read_ruling(bad, "siyaosi")
        assert err.value.code == "bad-document" and field in str(err.value)
    with pytest.raises(CardrulesError, match="kind is classify"):
        Ruling.from_json(document, "siyaosi")


# ---------------------------------------------------------------------- one bad case fails alone
def test_a_case_that_cannot_be_ruled_on_is_an_error_with_its_code() -> None:
    bad_move, bad_seat = RULINGS["a-bad-move"], RULINGS["a-seat-that-is-not-there"]
    assert isinstance(bad_move, CaseError) and bad_move.code == "bad-notation"
    assert bad_move.error["token"] == "ZZ" and "ZZ" in bad_move.message
    assert isinstance(bad_seat, CaseError) and bad_seat.code == "bad-position"


def test_judge_prints_the_other_cases_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "dispute.toml"
    path.write_text(DISPUTE, encoding="utf-8")
    assert main(["judge", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out.count(":: ") == len(RULINGS)
    assert "ruling: 2: cha 8C 8C — legal" in captured.out
    assert "cannot rule: " in captured.out and "(bad-notation)" in captured.out
    assert captured.err.startswith("cardrules: error: dispute.toml::a-bad-move: cannot rule")
    assert captured.err.count("\n") == 1 and "(and 1 more)" in captured.err
    assert main(["judge", str(path), "--json"]) == 2
    documents = json.loads(capsys.readouterr().out)
    assert [d["case"] for d in documents] == list(RULINGS)
    errors = [d for d in documents if "error" in d]
    assert [(d["case"], d["error"]["error"]) for d in errors] == [
        ("a-bad-move", "bad-notation"),
        ("a-seat-that-is-not-there", "bad-position"),
    ]


def test_judge_goes_on_past_a_file_it_cannot_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.toml"
    good.write_text(DISPUTE.split('[[case]]\nid = "a-bad-move"')[0], encoding="utf-8")
    (tmp_path / "bad.toml").write_bytes(b"\xff")
    assert main(["judge", str(tmp_path / "bad.toml"), str(good), "--json"]) == 2
    captured = capsys.readouterr()
    assert [d["case"] for d in json.loads(captured.out)] == list(RULINGS)[:3]
    assert "cannot read the dispute" in captured.err and captured.err.count("\n") == 1
    assert main(["judge", str(good)]) == 0


def test_spec_fails_a_bad_case_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cases.toml"
    path.write_text(
        'format = 1\n[positions.p]\ngame = "siyaosi"\nvariant = "classic"\n'
        'hands = ["8S 5C 9D", "8D 8H KH", "8C 8C QH", "3S 4D 8H"]\nleader = 0\n'
        '[[case]]\nid = "a-bad-move"\nkind = "play"\nposition = "p"\n'
        'moves = ["0: 8S", "2: ZZ"]\nexpect = "legal"\n'
        '[[case]]\nid = "a-seat-that-is-not-there"\nkind = "classify"\nposition = "p"\n'
        'cards = "9: 8S"\nexpect = "single"\n'
        '[[case]]\nid = "good"\nkind = "play"\nposition = "p"\nmoves = ["0: 8S"]\n'
        'expect = "legal"\n',
        encoding="utf-8",
    )
    assert main(["spec", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"FAIL {path} :: a-bad-move:") and "error bad-notation" in out[0]
    assert out[1].startswith(f"FAIL {path} :: a-seat-that-is-not-there:")
    assert "error bad-position" in out[1]
    assert out[-1] == "1 passed, 2 failed"


# ---------------------------------------------------------------------- arguments from Python
@pytest.mark.parametrize(
    ("position", "moves", "view"),
    [
        (CHAIN, ["0: 8S", 5], None),
        (CHAIN, 5, None),
        (CHAIN, "0: 8S", None),
        (CHAIN, [], None),
        (CHAIN, None, None),
        (CHAIN, [b"0: 8S"], None),
        (CHAIN, ["0: 8S"], "1"),
        (CHAIN, ["0: 8S"], True),
        (CHAIN, ["0: 8S"], 9),
        (CHAIN, ["0: 8S"], 1.0),
        (5, ["0: 8S"], None),
        ("siyaosi", ["0: 8S"], None),
    ],
)
def test_judge_checks_its_arguments(position: object, moves: object, view: object) -> None:
    with pytest.raises(CardrulesError) as err:
        judge(position, moves, view=view)  # type: ignore[arg-type]
    assert err.value.code == "bad-argument"


ANYTHING = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8) | st.binary(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=6,
)


@settings(max_examples=60)
@given(ANYTHING, ANYTHING, ANYTHING)
def test_judge_raises_only_cardrules_errors(position: object, moves: object, view: object) -> None:
    for args in ((position, moves, view), (CHAIN, moves, view), (CHAIN, ["0: 8S"], view)):
        try:
            judge(*args[:2], view=args[2])  # type: ignore[arg-type]
        except CardrulesError as err:
            assert err.code and "\n" not in str(err)


def test_judge_case_and_read_ruling_check_their_arguments() -> None:
    for bad in (5, "case", None):
        with pytest.raises(CardrulesError) as err:
            judge_case(bad)  # type: ignore[arg-type]
        assert err.value.code == "bad-argument"
        with pytest.raises(CardrulesError):
            rule_on(bad)  # type: ignore[arg-type]
    with pytest.raises(CardrulesError):
        read_ruling("[1, 2]", "siyaosi")
    with pytest.raises(CardrulesError) as game:
        read_ruling("{}", "poker")
    assert game.value.code == "unknown-game"


# ---------------------------------------------------------------------- the variant kind
@pytest.mark.parametrize(
    ("case", "key"),
    [
        ('kind = "variant"\nexpect = "playable"\nkeys = ["players"]\n', "keys"),
        ('kind = "variant"\nexpect = "refused"\nkeys = "players"\n', "keys"),
        ('kind = "variant"\nexpect = "refused"\nerror = 5\n', "error"),
        ('kind = "variant"\nexpect = "maybe"\n', "expect"),
        ('kind = "variant"\nexpect = "playable"\nthen = { levels = ["2", "2"] }\n', "then"),
    ],
)
def test_a_malformed_variant_case_is_refused_naming_the_key(case: str, key: str) -> None:
    text = f'format = 1\n[[case]]\nid = "a"\n{case}'
    text += '[case.position]\ngame = "siyaosi"\nvariant = "classic"\n'
    with pytest.raises(CaseFileError) as err:
        load_case_text(text, base=FIXTURE)
    assert err.value.key == key


@pytest.mark.parametrize(
    "position",
    [
        'game = "siyaosi"\nvariant = "classic"\nhands = ["", "", "", ""]\n',
        'game = "poker"\nvariant = "classic"\n',
        'game = "siyaosi"\nvariant = 5\n',
        'game = "siyaosi"\nvariant = "classic"\noverrides = 5\n',
    ],
    ids=["hands", "game", "variant", "overrides"],
)
def test_a_variant_case_position_is_game_variant_and_overrides(position: str) -> None:
    text = f'format = 1\n[[case]]\nid = "a"\nkind = "variant"\n[case.position]\n{position}'
    with pytest.raises(CaseFileError) as err:
        load_case_text(text, base=FIXTURE, require_expect=False)
    assert err.value.key == "position"


def test_a_refused_variant_case_has_no_position() -> None:
    (case,) = [
        c
        for c in load_case_text(DISPUTE, base=FIXTURE, require_expect=False).cases
        if c.id == "five-players"
    ]
    assert case.refusal is not None and case.refusal.key == "players" and case.game == "siyaosi"
    with pytest.raises(CaseFileError, match="no position"):
        _ = case.position


# ---------------------------------------------------------------------- Chinese, everywhere
def _words(text: str) -> set[str]:
    """The English words of a text: runs of three or more letters that are not part of an
    identifier (a clause id ``4A4-CHAIN-2``, a code ``not-your-turn``, a file ``d.toml``), of
    card notation (``8S``, ``BJ``) or of input quoted as it was given (``'seat'``)."""
    unquoted = re.sub(r"'[^'\n]*'", "", text)
    return {w.lower() for w in re.findall(r"(?<![\w.-])[A-Za-z]{3,}(?![\w.-])", unquoted)}


def _english_vocabulary() -> set[str]:
    """Every word of the English catalog, the English names of combinations and move kinds
    (the keys of the Chinese catalog's tables), with the templates' field names left out."""
    en, zh = catalog("en"), catalog("zh")
    words: set[str] = set()
    for section in en.table.values():
        for value in section.values():
            if isinstance(value, str):
                literal = "".join(part for part, *_ in string.Formatter().parse(value))
                words |= _words(literal)
    for table in ("combination", "kind"):
        for names in zh.table.get(table, {}).values():
            if isinstance(names, dict):
                words |= {n for n in names if n.isalpha() and len(n) >= 3}
    return words


def _placeholder_index() -> dict[str, Clause]:
    """A Chinese clause for every clause of the English spec: the catalog's title and a
    placeholder text (the real translation is spec/zh/, written on another branch)."""
    zh = catalog("zh")
    return {
        cid: Clause(cid, zh.clause(cid) or "（无标题）", c.file, c.line, f"{cid} 的条文（占位）。")
        for cid, c in clause_index().items()
    }


def _switch_names() -> set[str]:
    """Switch names are a house rule's notation (``players = 5``), like card notation."""
    return {f.name for game in (siyaosi, shengji) for f in switches_of(game.Variant)}


def _match_rulings() -> list[Ruling]:
    """Rulings on moves of a match's phases (tribute; deal, bid), whose events say more."""
    tribute = {
        "game": "siyaosi", "variant": "classic", "phase": "tribute", "levels": ["5", "6"],
        "last_finish": [1, 3], "hands": ["BJ 9C 5D", "3S 4S 6D", "2S 6H 9D", "3H 4H 8C"],
    }  # fmt: skip
    bid = {
        "game": "shengji", "variant": "four-deck", "phase": "bid", "dealt_first": 2,
        "hands": ["2S 3S 4S", "2H 2H 5H", "2C 6C 7C", "2D 8D 9D"],
        "stock": "5S 7H 2C 9D 3H 4H 6H 8H",
    }  # fmt: skip
    out = [judge(tribute, ["0: pass"]), judge(bid, ["2: bid 2C"])]
    last_trick = {
        "game": "shengji", "variant": "four-deck", "trump": "H", "banker": 0,
        "hands": ["AS", "3S", "KS", "4S"], "kitty": "5D 10D KD",
    }  # fmt: skip
    out.append(judge(last_trick, ["0: AS", "1: 3S", "2: KS", "3: 4S"]))
    return out


def test_chinese_rulings_leak_no_english_word() -> None:
    """Every ruling — each kind, refusals, error entries, match phases, what moves did — said
    in Chinese has none of the English catalog's words, nor any word of the same ruling said in
    English (only notation: cards, codes, clause ids, switch names, which are not words)."""
    vocabulary = _english_vocabulary() - _switch_names()
    assert {"ruling", "legal", "seat", "team", "trick", "levels", "refused"} <= vocabulary
    zh_index, en_index = _placeholder_index(), clause_index()
    rulings: list[CaseRuling] = [*RULINGS.values(), *_match_rulings()]
    effects = {e.name for r in rulings if isinstance(r, Ruling) for e in r.effects}
    assert {"chain-step", "announced", "throw-failed", "trick-won", "kitty-counted"} <= effects
    for ruling in rulings:
        chinese = "\n".join(ruling.lines("zh", zh_index))
        english = "\n".join(ruling.lines("en", en_index))
        leaked = _words(chinese) & (vocabulary | (_words(english) - _switch_names()))
        assert not leaked, (ruling.case, leaked, chinese)
        assert re.search(r"[\u4e00-\u9fff]", chinese), chinese


def test_chinese_rulings_say_the_table_the_result_and_the_clause_text() -> None:
    index = _placeholder_index()
    cha = "\n".join(RULINGS["did-seat-2-cha"].lines("zh", index))
    assert "四幺四 / 经典" in cha and "座位 1（1 队）：8♥ 8♦ K♥  ← 轮到" in cha
    assert "裁定：2: 岔 8♣ 8♣ — 合规" in cha and "结果：座位 2 报片：还剩 1 张" in cha
    assert "条款 4A4-CHAIN-2：岔" in cha and "4A4-CHAIN-2 的条文（占位）。" in cha
    refused = "\n".join(RULINGS["out-of-turn"].lines("zh", index))
    assert "理由：不是你的轮次" in refused and "(not-your-turn)" not in refused
    tribute = "\n".join(RULINGS["who-pays-tribute"].lines("zh", index))
    assert (
        "级别：5 : 6" in tribute and "应进贡：座位 0 → 座位 1：大王、座位 2 → 座位 3：6♥" in tribute
    )
    assert "下一局由座位 1先出" in tribute
    five = "\n".join(RULINGS["five-players"].lines("zh", index))
    assert "不能进行" in five and "涉及的开关：players" in five


def test_judge_lang_zh_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "dispute.toml"
    path.write_text(DISPUTE, encoding="utf-8")
    assert main(["judge", str(path), "--lang", "zh"]) == 2
    captured = capsys.readouterr()
    out = captured.out
    assert "dispute.toml :: did-seat-2-cha（出牌）" in out and "无法裁定：不是牌或出牌的记法" in out
    assert captured.err.startswith("cardrules: error: dispute.toml::a-bad-move：无法裁定")
    vocabulary = _english_vocabulary() - _switch_names() - {"cardrules", "error"}
    assert not _words(out + captured.err) & vocabulary


def test_every_event_has_a_chinese_sentence_from_its_fields() -> None:
    """Each ``[event-line.<game>]`` template names only fields the event's JSON has (nested
    records too), so it fills from any event of that kind."""
    zh = catalog("zh")
    for game in (siyaosi, shengji):
        lines = zh.table["event-line"][game.__name__.rsplit(".", 1)[-1]]
        assert isinstance(lines, dict)
        for cls in game.EVENTS:
            template = lines.get(cls.NAME)
            assert isinstance(template, str), (game.__name__, cls.NAME)
            for _, field, _, _ in string.Formatter().parse(template):
                if field:
                    _check_field(cls, field)


def _check_field(cls: type[Event] | type[object], field: str) -> None:
    names = re.findall(r"[A-Za-z_]+", field)
    current: object = cls
    for name in names:
        assert isinstance(current, type) and attrs.has(current), (cls, field)
        hints = typing.get_type_hints(current)
        assert name in {f.name for f in attrs.fields(current)}, (cls, field)
        current = hints[name]


# ---------------------------------------------------------------------- the Chinese spec
def test_the_chinese_clause_index_reads_spec_zh() -> None:
    english, chinese = clause_index(FIXTURE), clause_index(FIXTURE, lang="zh")
    assert set(english) == set(chinese) == {"CORE-API-1", "CORE-ERROR-1", "4A4-TABLE-1"}
    assert chinese["4A4-TABLE-1"].title == "人数与副数"
    assert chinese["4A4-TABLE-1"].text == "四人、六人或八人。（占位）"
    assert english["4A4-TABLE-1"].title == "Players and decks"
    with pytest.raises(CardrulesError) as err:
        clause_index(FIXTURE, lang="fr")
    assert err.value.code == "unknown-language"
    assert clause_index(FIXTURE / "zh", lang="zh") == {}


def test_the_chinese_spec_ships_in_the_wheel_with_the_english_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``spec/`` goes into the wheel whole as ``cardrules/_spec`` (pyproject's force-include, a
    folder with its subfolders), so ``spec/zh/`` too; the loader reads ``<spec>/zh`` wherever
    the spec is found (here an installed copy, laid out as the wheel lays it out)."""
    import shutil
    import tomllib

    from cardrules import clauses

    pyproject = tomllib.loads((FIXTURE.parents[2] / "pyproject.toml").read_text())
    shipped = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert shipped["spec"] == "cardrules/_spec"
    installed = tmp_path / "cardrules" / "_spec"
    shutil.copytree(FIXTURE, installed)
    monkeypatch.setattr(clauses, "default_spec_dir", lambda: installed)
    assert clauses.clause_index(lang="zh")["CORE-ERROR-1"].title == "每个错误都有代码"
    assert clauses.clause_index()["CORE-ERROR-1"].title == "Every error has a code"


def test_cited_rulings_lead_to_the_clauses_that_rest_on_them() -> None:
    assert cited_rulings(clause_index(FIXTURE)) == {"Y-TABLE-1": ("CORE-ERROR-1", "4A4-TABLE-1")}
    assert cited_rulings(clause_index())["Y-TABLE-1"] == ("4A4-TABLE-1",)


# ---------------------------------------------------------------------- explain
def test_explain_reads_an_id_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "sj-follow-2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("SJ-FOLLOW-2 — ") and "follow.toml ::" in out


def test_explain_a_ruling_id_lists_the_clauses_resting_on_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["explain", "Y-TABLE-1"]) == 0
    out = capsys.readouterr().out
    assert (
        "Y-TABLE-1 is a ruling of the sources" in out and "4A4-TABLE-1 — Players and decks" in out
    )
    assert "SJ-TABLE-1" not in out
    assert main(["explain", "y-table-1", "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "原始裁定" in out and "4A4-TABLE-1 — 人数与副数" in out


def test_explain_an_unknown_id_suggests_the_closest(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "4A4-BEAT-99"]) == 2
    assert "did you mean '4A4-BEAT-9'?" in capsys.readouterr().err
    assert main(["explain", "Y-TABEL-1"]) == 2
    assert "did you mean 'Y-TABLE-1'?" in capsys.readouterr().err


def test_explain_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "4A4-BEAT-9", "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("4A4-BEAT-9 — 四个3管四幺四") and "案例（" in out


def test_the_variant_cases_of_the_spec_pass() -> None:
    from cardrules.cases import run_case

    spec = Path(__file__).resolve().parent.parent / "spec" / "cases" / "core" / "variants.toml"
    cases: list[Case] = list(load_case_file(spec).cases)
    assert {c.kind for c in cases} == {"variant"}
    assert any("CORE-ERROR-1" in c.rules for c in cases)
    assert {r.split("-")[0] for c in cases for r in c.rules} == {"CORE", "4A4", "SJ"}
    assert all(run_case(c).passed for c in cases)
