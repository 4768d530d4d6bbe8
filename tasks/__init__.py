"""Scheduled jobs and their two runners: in-process (embedded default) and Celery (with Redis)."""
