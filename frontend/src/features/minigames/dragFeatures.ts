// The launcher's animation features, dragging included (domMax): a chunk of its own, fetched when the
// launcher first shows.
export { domMax as default } from 'framer-motion';
