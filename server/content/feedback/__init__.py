"""Members' feedback with up to three pictures, and the staff answers that reach them as platform messages."""
