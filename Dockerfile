# The All Fives trainer as one Streamlit process (see docs/deploy.md).
#   docker build -t allfives-trainer .
#   docker run -p 8501:8501 -v allfives-data:/data allfives-trainer          # SQLite in /data
#   docker run -p 8501:8501 -e ALLFIVES_DB=postgresql://user:pw@host/db allfives-trainer
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    ALLFIVES_DB=/data/progress.db

WORKDIR /app
COPY pyproject.toml setup.py README.md ./
COPY trainer ./trainer
COPY puzzles ./puzzles
COPY ui ./ui
COPY app.py ./
COPY .streamlit ./.streamlit

# The engine's C extension is compiled on install (gcc), in place: an editable install
# keeps the shipped puzzle bank where trainer/puzzles/bank.py looks for it (/app/puzzles).
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && pip install -e ".[app]" \
    && apt-get purge -y gcc libc6-dev && apt-get autoremove -y \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --create-home --uid 10001 trainer \
    && mkdir -p /data && chown trainer /data

USER trainer
VOLUME ["/data"]
EXPOSE 8501

# Streamlit answers "ok" on /_stcore/health once the server is up.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8501/_stcore/health', timeout=4).read() != b'ok')"]

CMD ["streamlit", "run", "app.py", "--server.address=0.0.0.0", "--server.port=8501", "--server.headless=true"]
