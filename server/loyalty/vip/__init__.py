"""VIP ranks: levels, their perks, the member's progress and the job that promotes and demotes."""
