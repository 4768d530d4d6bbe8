// What loyalty's pages and the header's rank share, imported from one place: the calls and their shapes,
// figures in words, the VIP levels' cache, the emblems, the small page parts, and loyalty's styles.
import './loyalty.css';

export * from './api';
export * from './format';
export * from './levels';
export { Failed, Loading, Pager, Progress, rateText } from './components/common';
export { Emblem } from './components/Emblem';
export { PointsSummary } from './components/PointsSummary';
