# The All Fives trainer as one Streamlit process (see docs/deploy.md).
#   docker build -t allfives-trainer .
#   docker run -p 8501:8501 -v allfives-data:/data allfives-trainer          # SQLite in /data, home mode
#   docker run -p 8501:8501 -e ALLFIVES_MODE=club -e ALLFIVES_DB=postgresql://user:pw@host/db allfives-trainer
#
# Two stages: the first builds the wheel (the engine's C extension compiled with gcc);
# the second installs only that wheel, with the PostgreSQL driver, into a slim image
# without a compiler. The puzzle bank and the app ship inside the wheel.

FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py README.md MANIFEST.in ./
COPY trainer ./trainer
COPY puzzles ./puzzles
COPY ui ./ui
COPY app.py ./
COPY .streamlit ./.streamlit
RUN pip wheel --no-deps --wheel-dir /wheels .

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    ALLFIVES_DB=/data/progress.db
COPY --from=build /wheels /wheels
RUN pip install "$(ls /wheels/allfives_trainer-*.whl)[postgresql]" \
    && rm -rf /wheels \
    && useradd --create-home --uid 10001 trainer \
    && mkdir -p /data /var/lib/allfives/waiting && chown trainer /data /var/lib/allfives/waiting
WORKDIR /home/trainer

USER trainer
VOLUME ["/data"]
EXPOSE 8501

# Streamlit answers "ok" on /_stcore/health once the server is up.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8501/_stcore/health', timeout=4).read() != b'ok')"]

# `allfives app` runs the app shipped in the package, with its settings
CMD ["allfives", "app", "--server.address=0.0.0.0", "--server.port=8501", "--server.headless=true"]
