# Taverne: a small image, a non-root user, the database on the /data volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    TAVERNE_DATABASE=/data/taverne.sqlite3

WORKDIR /app
# DejaVu draws the accents of players' names on the Barricade board and the domino pictures.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core=2.* \
    && rm -rf /var/lib/apt/lists/*
RUN groupadd --gid 10001 taverne \
    && useradd --create-home --uid 10001 --gid 10001 taverne \
    && mkdir -p /data \
    && chown taverne:taverne /data

COPY pyproject.toml README.md ./
COPY games ./games
COPY bot ./bot
COPY terminal ./terminal
COPY data ./data
RUN pip install --no-cache-dir -e .

USER 10001:10001
VOLUME ["/data"]
HEALTHCHECK --interval=60s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "healthcheck"]
CMD ["python", "-m", "bot"]
