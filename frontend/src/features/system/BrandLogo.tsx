import { useAtomValue } from 'jotai';
import { useMemo } from 'react';

import { brandAtom } from '../../state/atoms';
import './brand.css';
import { svgDataUrl, themeAtom } from './theme';

// Today's logo, until the status (and with it the brand's theme) has arrived.
const DEFAULT_LOGO = '/favicon.svg';

interface BrandLogoProps {
  // Square, in CSS pixels: the box is reserved before the image decodes, so nothing around it moves.
  size?: number;
  // The brand's name beside the logo; otherwise it is the image's alternative text only.
  withName?: boolean;
  className?: string;
}

// The brand's logo as an image (an SVG in an <img> runs nothing), named for assistive technology by the
// brand's name either way.
export function BrandLogo({ size = 36, withName = false, className }: BrandLogoProps) {
  const theme = useAtomValue(themeAtom);
  const name = useAtomValue(brandAtom)?.name ?? '';
  const logoSvg = theme?.logoSvg;
  const src = useMemo(() => (logoSvg ? svgDataUrl(logoSvg) : DEFAULT_LOGO), [logoSvg]);
  return (
    <span className={className ? `brand-logo ${className}` : 'brand-logo'} data-testid="brand-logo">
      <img src={src} alt={withName ? '' : name} width={size} height={size} decoding="async" />
      {withName && <span className="brand-logo-name">{name}</span>}
    </span>
  );
}
