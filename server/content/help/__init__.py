"""The help centre: categories (About, Contact, Terms, ...) and their articles, per language."""
