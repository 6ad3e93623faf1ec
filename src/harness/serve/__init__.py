"""harness.serve -- the pre-submission service (issue 30; scripts/serve):
students upload their sources, a worker builds and checks them with
scripts/check-engine in its sandbox, and the page shows check-engine's
report. The state lives in one SQL database (SQLite by default,
PostgreSQL by the same schema): db.py is the layer both sit behind,
store.py every query the service makes. The web front is
app.create_app's blueprints (src/serve/README.md).
"""
