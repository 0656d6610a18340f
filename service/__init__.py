"""kifu's service: the Redis stream store, the JSON API, auth and the CLI."""
