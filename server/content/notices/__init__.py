"""Notices: the home page's banners, popup, player notices and promotions, and the announcements list."""
