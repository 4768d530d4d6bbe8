import { Link } from 'react-router';

import { BrandLogo } from '../../features/system/BrandLogo';

// The brand's logo and name, leading home: the same in the full and the compact header.
export function HomeLogo() {
  return (
    <Link to="/" className="logo">
      <BrandLogo withName />
    </Link>
  );
}
