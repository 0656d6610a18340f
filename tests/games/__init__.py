"""Tests per game module, mirroring replays/games/."""
