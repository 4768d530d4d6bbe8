// The stored texts of a content item (a notice, a help article, a promotion), folded away: each language's
// title and its content as the portal renders it.
import { SafeHtml } from '../../../components/SafeHtml';
import { languageName } from './TextsEditor';

export function StoredTexts({ texts, summary }: { texts: Record<string, { title: string; content?: string }>; summary: string }) {
  return (
    <details className="cs-content-details">
      <summary>{summary}</summary>
      {Object.entries(texts).map(([code, text]) => (
        <div key={code} className="cs-content-text" lang={code.toLowerCase()}>
          <h4>
            {languageName(code)}: {text.title}
          </h4>
          {text.content && <SafeHtml html={text.content} className="cs-content-rendered" />}
        </div>
      ))}
    </details>
  );
}
