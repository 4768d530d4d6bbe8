import { DownloadPanel } from '../../features/content/components/Downloads';
import { PageShell } from './PageShell';

// /down (and /download): the brand's apps with their QR codes and install steps.
export default function DownloadPage() {
  return (
    <PageShell titleKey="download.title" introKey="download.intro">
      <DownloadPanel />
    </PageShell>
  );
}
