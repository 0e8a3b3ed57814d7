# Taverne: a small image, a non-root user, the database on the /data volume.
# Built in two stages: the project becomes a wheel in the first; the second installs the locked
# dependencies in a layer of their own (rebuilt only when requirements/bot.txt changes), then the
# wheel (not editable: the image holds no source tree).

FROM python:3.11-slim AS wheel
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY . .
RUN pip wheel --no-deps --wheel-dir /wheels .

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    NO_COLOR=1 \
    TAVERNE_DATABASE=/data/taverne.sqlite3

# DejaVu draws the accents of players' names on the Barricade board and the domino pictures.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core=2.* \
    && rm -rf /var/lib/apt/lists/*
RUN groupadd --gid 10001 taverne \
    && useradd --create-home --uid 10001 --gid 10001 taverne \
    && mkdir -p /data \
    && chown taverne:taverne /data

# The dependencies, exactly as locked (versions and hashes).
COPY requirements/bot.txt /tmp/requirements.txt
RUN pip install --no-cache-dir --require-hashes -r /tmp/requirements.txt \
    && rm /tmp/requirements.txt

# Taverne itself, from the wheel of the first stage.
COPY --from=wheel /wheels /tmp/wheels
# The catalogues read once by babel and kept beside them (speech/catalogue.py): the bot's user may
# not write there, and each start would read the .po files again (a quarter of a second).
RUN pip install --no-cache-dir --no-deps /tmp/wheels/*.whl \
    && rm -rf /tmp/wheels \
    && python -c "from speech.catalogue import catalogues; catalogues()"

WORKDIR /home/taverne
USER 10001:10001
VOLUME ["/data"]
HEALTHCHECK --interval=60s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "healthcheck"]
CMD ["python", "-m", "bot"]
