"""The commands a table page offers in its forms of parts (``kifu.web.parts``), read back
from the page as a test reads its buttons: each legal combination the form carries
(``data-parts``) composed with the form's fixed fields, as the table composes a post."""
from __future__ import annotations

import html
import json
import re

from kifu.web import parts

FORM = re.compile(r'<div class="parts" data-parts="([^"]*)"[^>]*>\s*<input type="hidden" name="parts" value="([^"]*)"')


def forms(page: str) -> list[tuple[dict, dict, list[dict]]]:
    """(base, kinds, legal rows) of every form of parts on ``page``."""
    out = []
    for data, spec in FORM.findall(page):
        base, kinds = parts.read_spec(html.unescape(spec))
        out.append((base, kinds, json.loads(html.unescape(data))["legal"]))
    return out


def posted(row: dict) -> dict[str, list[str]]:
    return {f"p.{k}": v if isinstance(v, list) else [v] for k, v in row["parts"].items()}


def offered(page: str) -> list[dict]:
    """Every command the page's forms of parts may post."""
    return [parts.compose(base, kinds, posted(row)) for base, kinds, rows in forms(page) for row in rows]


def form_for(page, command: dict):
    """The browser page's form of parts that may post ``command`` (its outcomes aside), or None."""
    base = {k: v for k, v in command.items() if k != "outcomes"}
    for box in page.locator("#table [data-parts]").all():
        spec, kinds = parts.read_spec(box.locator("input[name=parts]").get_attribute("value"))
        rows = json.loads(box.get_attribute("data-parts"))["legal"]
        if any(parts.compose(spec, kinds, posted(r)) == base for r in rows):
            return box, spec, kinds
    return None


def enter(page, click, command: dict) -> bool:
    """State ``command`` in its form of parts as a recorder would: open it, set each part
    the narrowing left open (a value it took alone is not clicked), then "Record". False if
    no form of parts holds it. ``click(locator, value=None)`` clicks (or selects ``value``)
    and counts."""
    found = form_for(page, command)
    if found is None:
        return False
    box, spec, kinds = found
    details = box.locator("xpath=ancestor::details[1]")
    if details.get_attribute("open") is None:
        click(details.locator("xpath=summary"))
    for key, kind in kinds.items():
        if kind == "one":
            value = parts.dumps(command[key]) if key in command else parts.ABSENT
            select = box.locator(f"select[name='p.{key}']")
            if select.count():
                if select.input_value() != value:
                    click(select, value)
                continue
            target = [r for r in box.locator(f"input[name='p.{key}']").all() if r.get_attribute("value") == value][0]
            if not target.is_checked():
                click(target.locator("xpath=ancestor::label[1]"))
            continue
        wanted = command.get(key, [])
        values = [parts.dumps({parts.ALT: wanted})] if not isinstance(wanted, list) else [parts.dumps(v) for v in wanted]
        for value in values:
            boxes = [b for b in box.locator(f"input[name='p.{key}']").all()
                     if b.get_attribute("value") == value and not b.is_checked()]
            click(boxes[0].locator("xpath=ancestor::label[1]"))
    click(box.locator("[data-testid=parts-record]"))
    return True
