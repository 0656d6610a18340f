"""A new match from a form: game, seats, card set, table kind, deck lists, event, opening deal.

``GET /new`` and ``POST /new`` are for admins and recorders. The form reads the game's
options schema (``Rules.options_schema``) and draws one control per option, so a deck list
is a text area of card ids or printed names, one a line (``3 x 五`` for copies); a game
with per-seat deck lists in text (``Rules.deck_form``: hOCG, ヒロプレ) gets one text area
per seat instead, checked as it is typed (``POST /new/deck``, ``kifu.web.decks``). On a
physical or observed table the opening deal is then entered as pickers, one chance event
at a time: ``Rules.deal_needs(options, seed, players, table, deal)`` names the next setup
event and its possible outcomes until the deal is complete (an observed table may leave
any outcome unknown). Until "Create" nothing is stored: each step posts the whole setup
back (``spec``, checked again every time) with the deal so far. Without JavaScript every
step is a plain form post; htmx swaps just the form.

Creating goes through ``MatchService.create`` like the API, issues the same player and
recorder tokens, and is idempotent per form (``create_id``): a double click or a reloaded
answer creates one match. It answers with a redirect to the "match created" page
(``/new/created/<id>``, post/redirect/get), which shows the tokens once (``keep_created``).
"""
from __future__ import annotations

import hashlib
import json
import re
import secrets
from dataclasses import dataclass, field
from typing import Any, Mapping

from flask import abort, make_response, redirect, render_template, request, session, url_for
from marshmallow import ValidationError, fields as mf, validate as mv

from kifu.replays.errors import RuleViolation
from kifu.replays.rules import seat_ids
from kifu.service import auth
from kifu.service.errors import BadRequest, Forbidden, ServiceError
from kifu.web import decks, pickers

TABLES = ("digital", "physical", "observed")
TABLE_HELP = {
    "digital": "kifu deals: every shuffle and draw comes from the match's secret seed",
    "physical": "real cards and dice: the recorder states every card drawn and every face rolled",
    "observed": "as physical, but what the recorder could not see may stay unknown",
}
#: setup runs on a placeholder seed while the deal is entered: a physical or observed table
#: takes no outcome from the seed (the match's own seed is made when it is created)
PREVIEW_SEED = "deal-preview"
MAX_LINES = 2048
CREATED_KEY = "kifu:web:created:{}"  #: create_id -> match id, for a day (a re-posted form)
#: the one-time "match created" page: sha256(page id) -> its match and tokens, read once
CREATED_PAGE = "kifu:web:created-page:{}"
CREATED_TTL = 600  #: seconds the tokens wait to be shown (a slow redirect, not a day)
SESSION_CREATED = "created"  #: the page ids this session made (a URL alone shows nothing)
COPIES = re.compile(r"^(?:(\d{1,3})\s*[x×*]\s*(.+)|(.+?)\s*[x×*]\s*(\d{1,3}))$", re.I)


# -- the option controls ----------------------------------------------------------------------

@dataclass
class Control:
    """One option of the game's options schema as a form control."""

    name: str
    kind: str  #: "text" | "number" | "select" | "check" | "lines" | "json"
    help: str = ""
    choices: list[str] = field(default_factory=list)
    default: Any = None


def _choices(f: mf.Field) -> list[str]:
    for v in f.validators:
        if isinstance(v, mv.OneOf):
            return [str(c) for c in v.choices]
    return []


def controls(schema: Any) -> list[Control]:
    out = []
    for name, f in schema.fields.items():
        if f.dump_only:
            continue
        key = f.data_key or name
        default = f.load_default if not callable(f.load_default) else None
        default = None if default is mf.missing_ else default
        note = str(f.metadata.get("description", ""))
        if isinstance(f, mf.Boolean):
            out.append(Control(key, "check", note, default=bool(default)))
        elif isinstance(f, mf.Integer):
            out.append(Control(key, "number", note, default=default))
        elif isinstance(f, mf.List) and isinstance(f.inner, mf.String):
            out.append(Control(key, "lines", note or "one a line; '3 x name' for copies", _choices(f.inner)))
        elif isinstance(f, mf.String) and _choices(f):
            out.append(Control(key, "select", note, _choices(f), default=default))
        elif isinstance(f, mf.String):
            out.append(Control(key, "text", note, default=default))
        else:
            out.append(Control(key, "json", note or "JSON", default=default))
    return out


def card_id(text: str, cardset: Any) -> str:
    """A card named by id, printed name or number (if exactly one card has it), else as typed."""
    cards = cardset.cards if cardset is not None else {}
    if text in cards:
        return text
    wanted = pickers.fold(text)
    hits = [c for c in cards if wanted in pickers.card_search(cardset, c).split(" ")
            or pickers.fold(str(cards[c].get("name", ""))) == wanted]
    return hits[0] if len(hits) == 1 else text


def read_lines(text: str, cardset: Any) -> list[str]:
    out: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        found = COPIES.match(line)
        n, name = (1, line) if not found else (int(found.group(1) or found.group(4)), found.group(2) or found.group(3))
        out.extend([card_id(name.strip(), cardset)] * n)
        if len(out) > MAX_LINES:
            raise ValueError(f"at most {MAX_LINES} entries")
    return out


def read_options(form: Mapping[str, str], ctrls: list[Control], cardset: Any) -> tuple[dict[str, Any], dict]:
    """The options the form's controls state (blank = the game's default) and their errors."""
    options: dict[str, Any] = {}
    errors: dict[str, list[str]] = {}
    for c in ctrls:
        raw = (form.get(f"opt.{c.name}") or "").strip()
        try:
            if c.kind == "check":
                options[c.name] = raw in ("on", "true", "1")
            elif not raw:
                continue
            elif c.kind == "number":
                options[c.name] = int(raw)
            elif c.kind == "lines":
                options[c.name] = read_lines(raw, cardset)
            elif c.kind == "json":
                options[c.name] = json.loads(raw)
            else:
                options[c.name] = raw
        except ValueError as exc:
            errors[c.name] = [str(exc)]
    return options, errors


def option_text(c: Control, value: Any) -> str:
    """An option's value as its control shows it again (a step back keeps what was typed)."""
    if value is None:
        return ""
    if c.kind == "lines":
        return "\n".join(value)
    if c.kind == "json":
        return json.dumps(value, ensure_ascii=False)
    return str(value)


# -- the setup a form states ------------------------------------------------------------------

@dataclass
class Spec:
    game: str = ""
    seats: list[str] = field(default_factory=list)
    cardset: str = ""  #: the digest of the chosen card set
    table: str = "digital"
    options: dict[str, Any] = field(default_factory=dict)
    form_options: dict[str, str] = field(default_factory=dict)  #: as typed, to show again
    tournament: str = ""
    round: str = ""
    table_number: str = ""

    def to_json(self) -> str:
        return json.dumps(self.__dict__, ensure_ascii=False, sort_keys=True)


@dataclass(frozen=True)
class SetChoice:
    """A card set the form offers: the game's demo sets and every one imported for it."""

    digest: str
    id: str
    title: str
    cards: int


def cardset_choices(svc: Any, rules: Any) -> list[SetChoice]:
    out = {cs.digest: SetChoice(cs.digest, cs.id, str(cs.loaded.get("title", cs.id)), len(cs.cards))
           for cs in rules.demo_cardsets()}
    store = getattr(svc, "cardsets", None)
    for stored in (store.list(rules.id) if store is not None else []):
        out.setdefault(stored.digest, SetChoice(stored.digest, stored.id, stored.title, stored.cards))
    return sorted(out.values(), key=lambda c: (c.id != rules.default_cardset, c.id, c.digest))


def load_cardset(svc: Any, rules: Any, digest: str) -> Any:
    """The card set ``digest`` of ``rules`` as the service binds it (None if it has none)."""
    if hasattr(svc, "cardset"):
        return svc.cardset(rules, digest)
    return next((cs for cs in rules.demo_cardsets() if cs.digest == digest), None)


def read_spec(kifu: Any, form: Mapping[str, str]) -> tuple[Spec, Any, Any, dict[str, list[str]]]:
    """The setup the form states (from its fields, or its frozen ``spec``), the rules bound
    to its card set, the card set, and what is wrong with it."""
    if form.get("spec"):
        try:
            frozen = json.loads(form["spec"])
            spec = Spec(**{k: frozen[k] for k in Spec.__dataclass_fields__ if k in frozen})
        except (ValueError, TypeError):
            raise BadRequest({"spec": ["the form is damaged; start again"]}) from None
    else:
        spec = Spec(game=(form.get("game") or "").strip())
    errors: dict[str, list[str]] = {}
    ids = [r.id for r in kifu.games()]
    if spec.game not in ids:
        return spec, None, None, ({"game": [f"choose a game: {', '.join(ids)}"]} if spec.game else {})
    rules = next(r for r in kifu.games() if r.id == spec.game)
    sets = cardset_choices(kifu.matches, rules)
    if not form.get("spec"):
        spec.seats = [n.strip() for n in _getlist(form, "seat") if n.strip()]
        spec.cardset = (form.get("cardset") or "").strip()
        spec.table = (form.get("table") or "digital").strip()
        spec.tournament, spec.round, spec.table_number = ((form.get(k) or "").strip()
                                                          for k in ("tournament", "round", "table_number"))
        spec.form_options = {c.name: (form.get(f"opt.{c.name}") or "") for c in controls(rules.options_schema)}
        spec.form_options.update(decks.fields(rules, form))  # each seat's deck list as typed
    choice = next((c for c in sets if c.digest == spec.cardset), None)
    if choice is None:
        if spec.cardset:
            errors["cardset"] = ["that card set is not in the store"]
        choice = sets[0] if sets else None
    chosen = load_cardset(kifu.matches, rules, choice.digest) if choice is not None else None
    if chosen is None:
        errors["cardset"] = [f"no card set of {spec.game} is loaded (kifu cards import)"]
        return spec, None, None, errors
    spec.cardset = chosen.digest
    bound = rules.bind(chosen)
    if spec.table not in TABLES:
        errors["table"] = [f"one of {', '.join(TABLES)}"]
    if len(spec.seats) not in rules.seats:
        errors["seat"] = [f"{rules.title} is for {' or '.join(map(str, rules.seats))} players; "
                          f"{len(spec.seats)} named"]
    options, option_errors = read_options({f"opt.{k}": v for k, v in spec.form_options.items()},
                                          controls(rules.options_schema), chosen)
    errors.update({f"opt.{k}": v for k, v in option_errors.items()})
    typed, deck_errors = decks.read_seats(bound, chosen, {k: v for k, v in spec.form_options.items()
                                                          if k.startswith(decks.PREFIX)})
    if typed:
        options["decks"] = {**(options.get("decks") or {}), **typed}
    errors.update(deck_errors)
    try:  # the options as setup reads them (defaults filled in), as the service will load them
        spec.options = rules.options_schema.load(options)
    except ValidationError as exc:
        spec.options = options
        messages = exc.messages if isinstance(exc.messages, dict) else {"_schema": exc.messages}
        errors.update({f"opt.{k}": v if isinstance(v, list) else [json.dumps(v, ensure_ascii=False)]
                       for k, v in messages.items()})
    return spec, bound, chosen, errors


def _getlist(form: Any, name: str) -> list[str]:
    return form.getlist(name) if hasattr(form, "getlist") else [form.get(name, "")]


# -- the deal ---------------------------------------------------------------------------------

@dataclass
class Dealt:
    """One stated outcome of the deal, for the summary."""

    n: int
    event: str
    to: str
    label: str
    detail: str = ""  #: what tells this printing from others of its name (``Game.card_line``)


def read_deal(form: Mapping[str, str]) -> list[Any]:
    raw = form.get("deal") or "[]"
    try:
        deal = json.loads(raw)
    except ValueError:
        raise BadRequest({"deal": ["the deal so far is damaged; start the deal again"]}) from None
    if not isinstance(deal, list) or len(deal) > 512:
        raise BadRequest({"deal": ["the deal is a list of outcomes"]})
    return deal


def seen_by(visible: Any, names: dict[str, str]) -> str:
    if visible == "all":
        return "face up"
    if not visible:
        return "face down"
    return "to " + ", ".join(f"{s} {names.get(s, '')}".strip() for s in visible)


def deal_state(rules: Any, spec: Spec, deal: list[Any]) -> tuple[Any, list[Dealt], str | None]:
    """(the next event a deal must state or None, the outcomes stated so far, an error)."""
    players = len(spec.seats)
    names = dict(zip(seat_ids(players), spec.seats))
    try:
        events = [rules.deal_needs(spec.options, PREVIEW_SEED, players, spec.table, deal[:i])
                  for i in range(len(deal) + 1)]
    except RuleViolation as exc:
        return None, [], str(exc)
    except (ValueError, KeyError, TypeError) as exc:
        return None, [], f"rejected by setup: {exc}"
    done = []
    for i, value in enumerate(deal):
        ev = events[i]
        if ev is None:
            return None, done, f"the deal has {len(deal)} outcomes, but setup needs only {i}"
        label = "unknown" if value is None else rules.outcome_name(value)
        line = getattr(rules, "card_line", None)
        detail = line(value) if line is not None and isinstance(value, str) and value in rules.cardset.cards else ""
        done.append(Dealt(i + 1, ev.name, seen_by(ev.visible, names), label, detail))
    return events[-1], done, None


# -- routes ---------------------------------------------------------------------------------

def register(bp: Any, kifu: Any, principal: Any, is_partial: Any, varying: Any) -> None:
    """Add ``/new`` to the web blueprint (its CSRF check and error pages cover these routes);
    ``kifu.web.views`` calls it once, when it builds the blueprint."""

    def allowed() -> auth.Principal:
        who = principal()
        if who is None:
            abort(redirect(url_for("web.signin_form", next="/new"), 303))
        if not auth.may_create_match(who):
            raise Forbidden(f"a {who.role} token may not create matches; sign in as an organizer or a recorder")
        return who

    def page(status: int = 200, **ctx: Any):
        template = "new/_form.html" if is_partial() else "new.html"
        response = make_response(render_template(template, principal=principal(), **ctx), status)
        response.headers["Cache-Control"] = "private, no-store"
        return varying(response)

    @bp.get("/new")
    def new_match():
        allowed()
        return page(**form_context(kifu(), request.args, stage="edit", action="game"))

    @bp.post("/new/deck")
    def new_match_deck():
        """A typed deck list's problems and counts, for the partial beside its field."""
        allowed()
        spec, rules, cardset, _ = read_spec(kifu(), request.form)
        name = request.form.get("field") or ""
        if rules is None or name not in decks.fields(rules, request.form):
            raise BadRequest({"field": ["a deck list field of the chosen game"]})
        response = make_response(decks.answer(rules, cardset, name.replace(".", "-"), request.form.get(name) or ""))
        response.headers["Cache-Control"] = "private, no-store"
        return response

    @bp.get("/new/created/<page_id>")
    def match_created(page_id: str):
        """The "match created" page (post/redirect/get), its tokens shown this once."""
        who = allowed()
        shown = created_page(kifu(), page_id)
        response = make_response(render_template("new/created.html", principal=who, **shown),
                                 200 if shown["tokens"] else 410)
        response.headers["Cache-Control"] = "private, no-store"
        return response

    @bp.post("/new")
    def new_match_submit():
        who = allowed()
        action = request.form.get("action") or ("pick" if "outcome" in request.form else "next")
        if action == "create":
            return create(kifu(), who, request.form, page)
        stage = "edit" if action in ("edit", "game") else "deal"
        ctx = form_context(kifu(), request.form, stage=stage, action=action)
        return page(422 if ctx["errors"] and action not in ("game", "edit") else 200, **ctx)


def form_context(k: Any, form: Mapping[str, str], *, stage: str, action: str = "") -> dict[str, Any]:
    spec, rules, cardset, errors = read_spec(k, form)
    if action == "game":  # a game just chosen: its form, not yet its complaints
        errors = {}
    deal: list[Any] = []
    need = None
    done: list[Dealt] = []
    options: list[pickers.Option] = []
    why: list[pickers.Impossible] = []
    query = (form.get("query") or "").strip() if stage == "deal" else ""
    if stage == "deal" and rules is not None and not errors:
        deal = read_deal(form) if form.get("spec") else []
        if action == "undo" and deal:
            deal = deal[:-1]
        elif action == "pick":
            deal = _picked(rules, spec, deal, form, query, cardset)
        need, done, problem = deal_state(rules, spec, deal) if spec.table != "digital" else (None, [], None)
        if problem is None and spec.table == "digital":
            problem = _digital_check(rules, spec)
        if problem:
            errors["deal"] = [problem]
        elif need is not None:
            options = pickers.outcome_options(cardset, need_json(rules, need), observed=spec.table == "observed",
                                              describe=getattr(rules, "card_line", None))
            why = deal_impossible(rules, spec, deal, need, done, cardset)
            if query:
                options = pickers.matching(options, query)
    if errors and stage == "deal" and "deal" not in errors:
        stage = "edit"
    names = dict(zip(seat_ids(len(spec.seats)), spec.seats))
    games = k.games()
    return {
        "stage": stage, "spec": spec, "spec_json": spec.to_json(), "rules": rules, "games": games,
        "cardsets": cardset_choices(k.matches, rules) if rules is not None else [], "cardset": cardset,
        "controls": controls(rules.options_schema) if rules is not None else [], "option_text": option_text,
        "tables": TABLES, "table_help": TABLE_HELP, "errors": errors, "deal": deal,
        "deal_json": json.dumps(deal, ensure_ascii=False), "need": need, "done": done, "options": options,
        "query": query, "names": names, "seen_by": seen_by,
        "max_seats": max(rules.seats) if rules is not None else 0,
        "complete": stage == "deal" and not errors and need is None,
        "create_id": secrets.token_hex(16),
        "deck_example": decks.example(rules, cardset), "deck_check": decks.check, "why": why,
    }


def _picked(rules: Any, spec: Spec, deal: list[Any], form: Mapping[str, str], query: str, cardset: Any) -> list[Any]:
    """The deal with the outcome the recorder picked (a button, or a search naming exactly one)."""
    raw = form.get("outcome")
    if raw is None and query:
        need = rules.deal_needs(spec.options, PREVIEW_SEED, len(spec.seats), spec.table, deal)
        if need is None:
            return deal
        hits = pickers.matching(pickers.outcome_options(cardset, need_json(rules, need),
                                                        observed=spec.table == "observed"), query)
        if len(hits) != 1:
            return deal
        raw = hits[0].value
    if raw is None:
        return deal
    try:
        return [*deal, pickers.parse_value(raw)]
    except ValueError:
        raise BadRequest({"outcome": ["not one of the options"]}) from None


def deal_impossible(rules: Any, spec: Spec, deal: list[Any], need: Any, done: list[Dealt],
                    cardset: Any) -> list[pickers.Impossible]:
    """Why a card of the pile being dealt from cannot be the next outcome: every copy the
    deck list registered (``Game.registered``) is dealt already, and to whom."""
    try:
        piles = rules.registered(spec.options, len(spec.seats))
    except Exception:  # noqa: BLE001 - a setup that cannot be re-run gives no reasons; the picker stays
        return []
    options = {o for o in need.options if isinstance(o, str)}
    fitting = [p for p, cards in piles.items() if options and options <= {c for c, n in cards.items() if n > 0}]
    if not fitting or cardset is None:
        return []
    pile = min(fitting, key=lambda p: sum(piles[p].values()))
    line = getattr(rules, "card_line", None)
    out = []
    for card, n in piles[pile].items():
        if card in options or card not in cardset.cards:
            continue
        to: dict[str, int] = {}
        for value, d in zip(deal, done):
            if value == card:
                to[d.to] = to.get(d.to, 0) + 1
        where = ", ".join(f"{t} ×{k}" if k > 1 else t for t, k in to.items())
        k = sum(to.values())
        copies = "the one copy" if n == 1 else f"all {n} copies"
        reason = (f"{copies} registered in {pile} {'is' if n == 1 else 'are'} dealt already: {where}" if k >= n
                  else f"{n} registered in {pile}, {k} dealt")
        detail = line(card) if line is not None else card
        out.append(pickers.Impossible(card, f"{cardset.name(card)} {detail}",
                                      f"{pickers.card_search(cardset, card)} {pickers.fold(cardset.name(card))} "
                                      f"{pickers.fold(detail)}", reason))
    return out


def need_json(rules: Any, event: Any) -> dict[str, Any]:
    """A setup event as the pickers read it (the service's ``needs`` shape)."""
    return {**event.to_json(), "names": [rules.outcome_name(o) for o in event.options]}


def _digital_check(rules: Any, spec: Spec) -> str | None:
    try:
        rules.setup(spec.options, PREVIEW_SEED, len(spec.seats))
    except RuleViolation as exc:
        return str(exc)
    except (ValueError, KeyError, TypeError) as exc:
        return f"rejected by setup: {exc}"
    return None


def create(k: Any, who: auth.Principal, form: Mapping[str, str], page: Any):
    create_id = form.get("create_id", "")
    if not re.fullmatch(r"[0-9a-f]{32}", create_id):
        raise BadRequest({"create_id": ["the form is damaged; start again"]})
    ctx = form_context(k, form, stage="deal")
    if ctx["errors"] or not ctx["complete"]:
        return page(422, **ctx)
    key = CREATED_KEY.format(create_id)
    if not k.redis.set(key, "", nx=True, ex=86400):
        earlier = k.redis.get(key)
        if earlier:
            return see_other(url_for("web.match_table", mid=earlier.decode() if isinstance(earlier, bytes) else earlier))
        raise BadRequest({"create_id": ["this form is being submitted already"]})
    spec: Spec = ctx["spec"]
    try:
        info = k.matches.create(
            spec.game, spec.seats, spec.options, tournament=spec.tournament or None, round=spec.round or None,
            table_number=spec.table_number or None, table=spec.table, cardset=ctx["cardset"].digest,
            deal=ctx["deal"] if spec.table != "digital" else None, by=who.name)
    except ServiceError as exc:
        k.redis.delete(key)
        ctx["errors"] = {**(getattr(exc, "errors", None) or {}), "create": [exc.message]}
        ctx["stage"] = "edit"
        return page(exc.status, **ctx)
    except BaseException:
        k.redis.delete(key)
        raise
    k.redis.set(key, info.id, ex=86400)
    tokens = issue_tokens(k, info, spec)
    return see_other(url_for("web.match_created", page_id=keep_created(k, info.id, tokens)))


def see_other(url: str):
    """Post/redirect/get, also from htmx: a swap would put the next page inside the form
    and keep the address; ``HX-Redirect`` makes htmx load it as the browser would."""
    if request.headers.get("HX-Request"):
        response = make_response("", 200)
        response.headers["HX-Redirect"] = url
        return response
    return redirect(url, 303)


def keep_created(k: Any, mid: str, tokens: dict[str, str]) -> str:
    """Hold a new match's tokens for its "match created" page; the page's id.

    The tokens never travel in a URL: the page's address holds a random id, the tokens
    wait in Redis under its hash for ``CREATED_TTL`` seconds, and only the session that
    created the match may open it (its ids are in the signed session), once: the first
    view deletes them (``created_page``). A copied address shows nothing."""
    page_id = secrets.token_urlsafe(24)
    k.redis.set(CREATED_PAGE.format(_digest(page_id)), json.dumps({"match": mid, "tokens": tokens}), ex=CREATED_TTL)
    session[SESSION_CREATED] = [*session.get(SESSION_CREATED, [])[-7:], page_id]
    return page_id


def created_page(k: Any, page_id: str) -> dict[str, Any]:
    """What the "match created" page shows: the match, and its tokens if this session made
    it and they were not shown yet (empty tokens otherwise)."""
    mine = page_id in session.get(SESSION_CREATED, []) and 8 <= len(page_id) <= 64
    raw = None
    if mine:  # read and delete at once: two tabs racing show the tokens in one of them
        pipe = k.redis.pipeline()
        pipe.get(CREATED_PAGE.format(_digest(page_id)))
        pipe.delete(CREATED_PAGE.format(_digest(page_id)))
        raw = pipe.execute()[0]
    if mine:
        session[SESSION_CREATED] = [p for p in session.get(SESSION_CREATED, []) if p != page_id]
    held = json.loads(raw) if raw else {}
    info = k.matches.info(held["match"]) if held else None
    names = {s["id"]: s["name"] for s in info.header.get("seats", [])} if info else {}
    return {"info": info, "tokens": held.get("tokens") or {}, "names": names}


def _digest(page_id: str) -> str:
    return hashlib.sha256(page_id.encode("utf-8")).hexdigest()


def issue_tokens(k: Any, info: Any, spec: Spec) -> dict[str, str]:
    """The tokens the API issues with a new match: one per seat, one for its recorder."""
    tokens = {seat: auth.create_token(k.redis, role="player", name=name, match=info.id, seat=seat)
              for seat, name in zip(seat_ids(len(spec.seats)), spec.seats)}
    tokens["recorder"] = auth.create_token(k.redis, role="recorder", name=f"recorder of {info.id}", match=info.id)
    return tokens
