"""Content: notices, announcements, platform messages, the help centre, feedback and applications."""
