"""The house's own game art: every thumbnail and vendor logo is drawn here from hand-written SVG motifs, so
the house ships no image files and copies none. motifs.py draws the pictures, thumbnails.py and logos.py
compose them, rendered.py keeps what was drawn with its content hash."""
