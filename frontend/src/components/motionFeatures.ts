// The animation features every MotionScope loads: a chunk of its own, fetched the first time something
// animates, so that rendering never waits for it (m components show their end state until it arrives).
export { domAnimation as default } from 'framer-motion';
