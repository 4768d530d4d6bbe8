"""Player protection (issue 34): limits, reality checks, time-outs, self-exclusion, closure, identity."""
