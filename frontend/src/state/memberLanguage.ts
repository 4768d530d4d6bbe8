// A member's language choice, kept on the server too (PUT /wps/member/language): the messages the product
// writes to them (deposit credited, password changed...) are written in it. Started by the member panel, which
// loads after login, rather than by the header's language switcher: the first page's script stays as it was.
import { call, type Schemas } from '../api/client';
import { bootAtom, languageAtom, tokenAtom } from './atoms';
import { store } from './store';

let watching = false;

// Idempotent. Once the boot has shown the page (its own choice of language, the remembered or the brand's
// default, is not the member's doing), every change of language while logged in is the member's, made with
// the switcher. The page has switched already; a refusal or a failure changes nothing on it.
export function watchMemberLanguage(): void {
  if (watching) return;
  watching = true;
  store.sub(languageAtom, () => {
    if (store.get(bootAtom).phase !== 'ready' || !store.get(tokenAtom)) return;
    const body: Schemas['LanguageIn'] = { language: store.get(languageAtom) };
    call<Schemas['LanguageOut']>('/wps/member/language', { method: 'PUT', body }).catch(() => undefined);
  });
}
