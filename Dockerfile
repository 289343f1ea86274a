# Pulka bot: keeps the score of Preferans pulkas in Telegram group chats.
#   docker build -t pulka-bot .
#   docker run -d --name pulka --restart unless-stopped \
#       -e BOT_TOKEN=123456:ABC... -v pulka-data:/data pulka-bot
#   docker exec pulka python -m bot backup /data/backups/   # a consistent copy
#   add -e BACKUP_KEEP=7 to keep a daily copy in /data/backups (see README, Operating)
#   webhook mode instead of polling: -p 127.0.0.1:8080:8080 \
#       -e WEBHOOK_URL=https://pulka.example.org/telegram -e WEBHOOK_SECRET=... (README)

FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml ./
COPY scoring ./scoring
COPY bot ./bot
RUN touch README.md \
 && python -m venv /venv \
 && /venv/bin/pip install .

FROM python:3.11-slim
ENV PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    PATH=/venv/bin:$PATH \
    DATABASE_URL=sqlite:////data/pulka.sqlite3 \
    LOG_LEVEL=INFO
RUN useradd --system --uid 10001 --home-dir /nonexistent --shell /usr/sbin/nologin pulka \
 && mkdir -p /data && chown pulka:pulka /data
COPY --from=build /venv /venv
USER pulka
WORKDIR /data
VOLUME ["/data"]
# The webhook server's port (WEBHOOK_PORT), used only when WEBHOOK_URL is set.
EXPOSE 8080
# SIGTERM (docker stop) ends polling (or the webhook server) cleanly and closes the
# database.
STOPSIGNAL SIGTERM
# Configuration, database schema and token (getMe); one line in `docker inspect`.
# It exits 0 or 1, never 2, which Docker reserves; it does not import aiogram, so
# it costs a fraction of a second every 5 minutes.
HEALTHCHECK --interval=5m --timeout=30s --start-period=1m --retries=3 \
    CMD ["python", "-m", "bot", "check"]
CMD ["python", "-m", "bot"]
