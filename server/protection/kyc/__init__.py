"""Identity checks (KYC): a member sends pictures of an identity document, staff approve or reject them, and
a brand may refuse withdrawals until the member's identity is approved."""
