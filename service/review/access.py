"""Who may read and write review data (on top of ``kifu.service.auth``'s notes rules).

A variation is played on the omniscient state of its step, so its line (the cards it
plays, the roles it turns up) tells what only the omniscient view shows. Reading or
writing one therefore needs the omniscient perspective of the match
(``auth.perspectives_for``): judges and admins, and everyone once a public match is over.
Its boards are then drawn for any perspective the reader may take.

Shapes are drawn on one perspective's board (their anchors name what that board shows):
a shape set is shown to readers who may take its perspective, and, like notes, an
annotator's shapes on a live match only to judges, admins and their author.

A study is read by anyone when public, else by its owner (the token name that made it)
and admins; it is changed by its owner and admins. Its chapters show each match as the
reader may see it.
"""
from __future__ import annotations

from typing import Any, Mapping

from kifu.replays.rules import OMNISCIENT
from kifu.service import auth

#: roles that may make studies (the roles that write review data)
STUDY_ROLES = ("annotator", "judge", "head_judge", "admin", "recorder")


def may_read_variations(principal: auth.Principal | None, info: Any) -> bool:
    return OMNISCIENT in auth.perspectives_for(principal, info)


def may_write_variations(principal: auth.Principal | None, info: Any) -> bool:
    return auth.may_annotate(principal, info) and may_read_variations(principal, info)


def may_change_variation(principal: auth.Principal | None, info: Any, variation: Mapping[str, Any]) -> bool:
    """Its author, or a judge or admin."""
    return auth.may_annotate(principal, info, variation) and may_read_variations(principal, info)


def may_read_shapes(principal: auth.Principal | None, info: Any, shapes: Mapping[str, Any]) -> bool:
    if shapes["perspective"] not in auth.perspectives_for(principal, info):
        return False
    return auth.may_read_notes(principal, info, shapes)


def may_write_shapes(principal: auth.Principal | None, info: Any, perspective: str) -> bool:
    return auth.may_annotate(principal, info) and perspective in auth.perspectives_for(principal, info)


def may_make_study(principal: auth.Principal | None) -> bool:
    return principal is not None and principal.role in STUDY_ROLES


def may_read_study(principal: auth.Principal | None, study: Mapping[str, Any]) -> bool:
    return bool(study["public"]) or may_change_study(principal, study)


def may_change_study(principal: auth.Principal | None, study: Mapping[str, Any]) -> bool:
    if principal is None:
        return False
    return principal.role == "admin" or principal.name == study["owner"]
