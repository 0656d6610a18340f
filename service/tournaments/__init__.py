"""Events: Swiss tournaments with tables, standings, a top cut and deck checks (issue 13).

An event is its own append-only stream of organizer entries (``store``); its state is a
pure fold of them (``fold``). The pure parts, property-tested without Redis: ``fold``,
``swiss`` (pairing as a maximum-weight matching), ``standings`` (match points, OMW%,
GW%, OGW%), ``bracket`` (the top cut), ``results`` (a table's result from its games,
reports or a judge) and ``decks`` (deck lists and deck checks from records).
``service.EventService`` runs an event over the match service; ``export`` writes CSV
and JSON. ``event_for_match`` gives the judging of a match its event.
"""
from __future__ import annotations

from kifu.service.tournaments.service import EventService, NotReady, event_for_match

__all__ = ["EventService", "NotReady", "event_for_match"]
