"""What an operator scrapes: Prometheus metrics (`metrics`: the objects and the helpers the ledger, the
realtime hub and the jobs call; `endpoint`: the request middleware and /metrics). This package imports
nothing itself, so that counting from a service does not pull in a web framework."""
