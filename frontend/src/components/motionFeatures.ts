// The animation features every MotionScope loads, dragging and layout included (domMax): a chunk of its own,
// fetched the first time something animates, so that rendering never waits for it (m components show their
// end state until it arrives). One bundle for every part of the page: framer-motion keeps its features in one
// global table, and two parts loading two different bundles (domAnimation here, domMax for a draggable
// launcher) raced, leaving an exiting sheet that never finished leaving over the page.
export { domMax as default } from 'framer-motion';
