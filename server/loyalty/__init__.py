"""Loyalty: VIP ranks (vip/), cashback (cashback/), points and the points mall (points/), invite friends
(referral/). Every reward they pay goes through rewards.pay_reward: one ledger transfer, once per key, and a
`loyalty_rewards` row the reward centre lists."""
