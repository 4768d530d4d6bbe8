import { expect, type Page, test } from '@playwright/test';

import { E2E_CAPTCHA } from '../playwright.config';
import { cli, openIn, smsCode, strings } from './support';

// Every account flow in English and in Chinese; the labels come from the translation files, so a
// screen showing an untranslated or missing string fails here.
for (const [index, lang] of ['EN', 'CN'].entries()) {
  const t = strings(lang);

  test.describe(`accounts in ${lang}`, () => {
    const header = (page: Page) => page.locator('.header-top');
    const loggedIn = (page: Page) => page.getByTestId('logged-in-panel');

    async function signOut(page: Page) {
      await loggedIn(page).getByRole('button', { name: t('account.signOut') }).click();
      await page.getByTestId('logout-confirm').getByRole('button', { name: t('common.confirm') }).click();
      await expect(header(page).getByRole('button', { name: t('account.login'), exact: true })).toBeVisible();
    }

    async function headerLogin(page: Page, username: string, password: string, captcha?: string) {
      await header(page).getByPlaceholder(t('account.fields.username')).fill(username);
      await header(page).getByPlaceholder(t('account.fields.password')).fill(password);
      if (captcha !== undefined) await header(page).getByPlaceholder(t('account.fields.captcha')).fill(captcha);
      await header(page).getByRole('button', { name: t('account.login'), exact: true }).click();
    }

    test('register, log out, fail, captcha, log in', async ({ page }) => {
      const username = `web${lang.toLowerCase()}${Date.now() % 100000}`;
      await openIn(page, lang, '/register');
      const modal = page.getByTestId('register-modal');
      await expect(modal.getByRole('heading', { name: t('account.registerTitle') })).toBeVisible();
      await modal.getByLabel(t('account.fields.username')).fill('1bad');
      await modal.getByLabel(t('account.fields.password'), { exact: true }).fill('Secret123');
      await modal.getByLabel(t('account.fields.confirmPassword')).fill('Secret124');
      await modal.getByRole('button', { name: t('account.register'), exact: true }).click();
      // Live validation: the rule's message with its range, and "inconsistent twice".
      await expect(modal.getByText(t('reg_pattern_1', { range: '6-16' })).first()).toBeVisible();
      await expect(modal.getByText(t('account.errors.inconsistentTwice'))).toBeVisible();
      await modal.getByLabel(t('account.fields.username')).fill(username);
      await modal.getByLabel(t('account.fields.confirmPassword')).fill('Secret123');
      await modal.getByRole('button', { name: t('account.register'), exact: true }).click();
      await expect(modal.getByText(t('account.errors.agreement'))).toBeVisible();
      await modal.getByRole('checkbox').check();
      await modal.getByRole('button', { name: t('account.register'), exact: true }).click();
      await expect(loggedIn(page).getByRole('button', { name: username })).toBeVisible();
      await expect(page.getByTestId('header-balance')).toHaveText('P 0.00');
      expect(await page.evaluate(() => sessionStorage.getItem('isAgent'))).toBe('0');

      await signOut(page);
      await headerLogin(page, username, 'WrongPass1');
      await expect(header(page).getByText(t('errors.INVALID_CREDENTIALS'))).toBeVisible();
      // After a failure the captcha appears, and a login without it is refused.
      await expect(header(page).getByRole('button', { name: t('security.refreshCaptcha') })).toBeVisible();
      await headerLogin(page, username, 'Secret123', 'NOPE');
      await expect(header(page).getByText(t('errors.CAPTCHA_INVALID'))).toBeVisible();
      await headerLogin(page, username, 'Secret123', E2E_CAPTCHA);
      await expect(loggedIn(page).getByRole('button', { name: username })).toBeVisible();
    });

    test('a temporary password forces a change', async ({ page }) => {
      const username = index === 0 ? 'player3' : 'player2';
      const temporary = cli('member', 'reset-password', 'demo', username);
      await openIn(page, lang);
      await headerLogin(page, username, temporary);
      const modal = page.getByTestId('change-password-modal');
      await expect(modal.getByText(t('account.changePassword.forced'))).toBeVisible();
      // The tab knows the password it just logged in with: no old-password field.
      await expect(modal.getByLabel(t('account.fields.oldPassword'))).toHaveCount(0);
      await modal.getByLabel(t('account.fields.newPassword'), { exact: true }).fill('Renewed123');
      await modal.getByLabel(t('account.fields.confirmNewPassword')).fill('Renewed123');
      await modal.getByRole('button', { name: t('common.submit') }).click();
      await expect(modal).toBeHidden();
      await expect(loggedIn(page)).toBeVisible();
      await signOut(page);
      await headerLogin(page, username, 'Renewed123');
      await expect(loggedIn(page)).toBeVisible();
      await expect(page.getByTestId('change-password-modal')).toBeHidden();
    });

    test('free play, then a member action is refused', async ({ page }) => {
      await openIn(page, lang);
      await header(page).getByRole('button', { name: t('account.freePlay') }).click();
      await expect(page.getByTestId('header-balance')).toHaveText('P 10,000.00');
      expect(await page.evaluate(() => sessionStorage.getItem('isAgent'))).toBe('4');
      await loggedIn(page).getByRole('button', { name: t('account.panel.deposit') }).click();
      const warning = page.getByTestId('trial-warning');
      await expect(warning.getByText(t('in_need_true_account'))).toBeVisible();
      await expect(warning.getByRole('button', { name: t('in_increase_submit') })).toBeVisible();
    });

    test('register by mobile, then reset the password by phone', async ({ page, request }) => {
      const national = `917111000${index + 1}`;
      const phone = `+63${national}`;
      await openIn(page, lang, '/register');
      const modal = page.getByTestId('register-modal');
      await modal.getByRole('tab', { name: t('account.tabs.registerMobile') }).click();
      await modal.getByLabel(t('account.fields.mobileNum'), { exact: true }).fill(national);
      await modal.getByRole('button', { name: t('account.sms.getCode') }).click();
      // The button counts down 60 s per minute the code lives.
      await expect(modal.getByRole('button', { name: /^\d+ s$/ })).toBeDisabled();
      await modal.getByLabel(t('account.fields.verificationCode')).fill(await smsCode(request, phone, 'REGISTER'));
      await modal.getByLabel(t('account.fields.password'), { exact: true }).fill('Mobile123');
      await modal.getByLabel(t('account.fields.confirmPassword')).fill('Mobile123');
      await modal.getByRole('checkbox').check();
      await modal.getByRole('button', { name: t('account.register'), exact: true }).click();
      await expect(loggedIn(page).getByRole('button', { name: `m${national}` })).toBeVisible();
      await signOut(page);

      await header(page).getByRole('button', { name: t('account.forgotPassword') }).click();
      const forgot = page.getByTestId('forgot-modal');
      await forgot.getByRole('tab', { name: t('account.forgot.mobileTab') }).click();
      await forgot.getByLabel(t('account.fields.mobileNum'), { exact: true }).fill(national);
      await forgot.getByRole('button', { name: t('account.sms.getCode') }).click();
      await forgot.getByLabel(t('account.fields.verificationCode')).fill(await smsCode(request, phone, 'FORGOT'));
      await forgot.getByLabel(t('account.fields.newPassword')).fill('Reset1234');
      await forgot.getByRole('button', { name: t('common.submit') }).click();
      // Logged in with the new password, straight away.
      await expect(loggedIn(page).getByRole('button', { name: `m${national}` })).toBeVisible();
    });
  });
}
