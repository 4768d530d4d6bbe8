"""The red-envelope rain: scheduled sessions whose envelopes are drawn from a published seed."""
