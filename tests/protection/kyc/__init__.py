"""Identity checks (KYC) and the registration's minimum age."""
