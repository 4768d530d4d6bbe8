import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { BrandSettings } from './brandApi';
import en from './locales/en.json';
import {
  answer,
  changes,
  fill,
  type Handlers,
  keptToken,
  mount,
  press,
  type Sent,
  serve,
  staffMe,
  submit,
  tearDown,
} from './testing';

const s = en.brand;

const OPERATOR = staffMe('OPERATOR', ['audit.read', 'brand.read', 'brand.write', 'members.read', 'staff.read']);
const AUDITOR = staffMe('AUDITOR', ['audit.read', 'brand.read', 'staff.read']);
const FINANCE = staffMe('FINANCE', ['cashier.act', 'cashier.read', 'members.read']);

const node = (modId: string, enabled: boolean, children: BrandSettings['switches'] = []) => ({
  modId,
  enabled,
  effective: false,
  children,
});

// Works out `effective` as the server does: on only when every switch above is on.
function withEffective(nodes: BrandSettings['switches'], parentOn = true): BrandSettings['switches'] {
  return nodes.map((n) => ({ ...n, effective: parentOn && n.enabled, children: withEffective(n.children, parentOn && n.enabled) }));
}

function settings(): BrandSettings {
  return {
    code: 'demo',
    name: 'Demo Casino',
    maintenance: false,
    maintenanceStart: null,
    maintenanceEnd: null,
    maintenanceMessage: null,
    switches: [node('GAME3', true, [node('RNG3', true), node('LIVE3', false)]), node('AGENT3', false, [node('DIVIDEND3', true)])],
    regionRules: [{ id: 7, action: 'BLOCK', country: 'US', network: null }],
    registerFields: [{ field: 'username', enabled: true, required: true, minLength: 6, maxLength: 16, patternId: 1 }],
    resources: [{ id: 11, resourceType: 'FACEBOOK', url: 'https://facebook.com/', qrCodeUrl: null, label: 'Facebook' }],
    customerService: [{ id: 21, csType: 'LIVECHAT', path: '/service' }],
    bonusLimits: { grantMax: '20000.00', dailyMax: '200000.00', approvalAbove: '5000.00', grantedToday: '0.00' },
    wallet: { singleWallet: true, vendors: [], autoTransfer: false },
  };
}

// The brand calls over one settings object that the changes edit, so that each reload shows them.
function brandServer(state: BrandSettings, extra: Handlers = {}): Handlers {
  const read = () => answer({ ...state, switches: withEffective(state.switches) });
  const find = (nodes: BrandSettings['switches'], id: string): BrandSettings['switches'][number] | undefined =>
    nodes.map((n) => (n.modId === id ? n : find(n.children, id))).find(Boolean);
  return {
    'GET /wps/admin/brand': read,
    'PUT /wps/admin/brand/switches/*': (sent: Sent) => {
      find(state.switches, sent.path.split('/').pop()!)!.enabled = sent.body!.enabled as boolean;
      return answer(null);
    },
    'PUT /wps/admin/merchant/maintenance': (sent: Sent) => {
      const body = sent.body as { on: boolean; start: string | null; end: string | null; message: string | null };
      Object.assign(state, {
        maintenance: body.on,
        maintenanceStart: body.start,
        maintenanceEnd: body.end,
        maintenanceMessage: body.message,
      });
      return answer({ ...body, announced: false });
    },
    'POST /wps/admin/brand/regions': (sent: Sent) => {
      state.regionRules.push({ id: 8, action: 'BLOCK', country: null, network: null, ...sent.body });
      return answer(null);
    },
    'DELETE /wps/admin/brand/regions/*': (sent: Sent) => {
      state.regionRules = state.regionRules.filter((rule) => String(rule.id) !== sent.path.split('/').pop());
      return answer(null);
    },
    'PUT /wps/admin/brand/register-fields/*': (sent: Sent) => {
      Object.assign(state.registerFields[0]!, sent.body);
      return answer(null);
    },
    'POST /wps/admin/brand/resources': (sent: Sent) => {
      const added = { id: 12, qrCodeUrl: null, label: null, ...(sent.body as { resourceType: string; url: string }) };
      state.resources.push(added);
      return answer(added);
    },
    'PUT /wps/admin/brand/resources/*': (sent: Sent) => {
      Object.assign(state.resources.find((r) => String(r.id) === sent.path.split('/').pop())!, sent.body);
      return answer(null);
    },
    'DELETE /wps/admin/brand/resources/*': (sent: Sent) => {
      state.resources = state.resources.filter((r) => String(r.id) !== sent.path.split('/').pop());
      return answer(null);
    },
    ...extra,
  };
}

const region = (name: string) => screen.getByRole('region', { name });

describe('the brand settings page', () => {
  beforeEach(keptToken);
  afterEach(tearDown);

  it('shows the switch tree with its effective states and switches a module off with everything under it', async () => {
    const sent = serve({ 'GET /wps/admin/session/me': () => answer(OPERATOR), ...brandServer(settings()) });
    await mount('/brand');
    const tree = await screen.findByRole('region', { name: s.switches.title });
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: s.nav })).toBeTruthy();
    // Each toggle is named by its module's name (its code small beside it, for support).
    const names = s.switches.names as Record<string, string>;
    const toggle = (id: string) => within(tree).getByRole('switch', { name: names[id] }) as HTMLInputElement;
    const item = (id: string) => tree.querySelector(`li[data-mod="${id}"] > .cs-switch-row`)!;
    expect([toggle('GAME3').checked, toggle('RNG3').checked, toggle('LIVE3').checked]).toEqual([true, true, false]);
    // AGENT3 is off: DIVIDEND3 is on by itself, held off, and cannot be switched here.
    expect(item('DIVIDEND3').textContent).toContain(s.switches.heldOff);
    expect(toggle('DIVIDEND3').disabled).toBe(true);
    expect(toggle('AGENT3').disabled).toBe(false);

    await press(toggle('GAME3'));
    expect(changes(sent)).toEqual([{ method: 'PUT', path: '/wps/admin/brand/switches/GAME3', body: { enabled: false } }]);
    await waitFor(() => expect(toggle('GAME3').checked).toBe(false));
    expect(item('RNG3').textContent).toContain(s.switches.heldOff);
    expect(item('LIVE3').textContent).toContain(s.switches.off);
    expect(toggle('RNG3').disabled).toBe(true);
  });

  it('schedules maintenance in the browser zone with a message, and refuses a window that ends before it starts', async () => {
    const state = settings();
    const sent = serve({ 'GET /wps/admin/session/me': () => answer(OPERATOR), ...brandServer(state) });
    await mount('/brand');
    const panel = await screen.findByRole('region', { name: s.maintenance.title });
    expect(within(panel).getByTestId('maintenance-state').textContent).toBe(s.maintenance.stateOff);
    await press(within(panel).getByRole('radio', { name: s.maintenance.modes.schedule }));
    fill(s.maintenance.start, '2026-12-01T22:30', panel);
    fill(s.maintenance.end, '2026-12-01T21:00', panel);
    const words = 'Back soon.\n<b>Thanks</b>';
    fill(s.maintenance.message, words, panel);
    await press(within(panel).getByRole('button', { name: s.maintenance.save }));
    expect(within(panel).getByText(s.maintenance.endBeforeStart)).toBeTruthy();
    expect(changes(sent)).toEqual([]);

    fill(s.maintenance.end, '2026-12-02T01:00', panel);
    await press(within(panel).getByRole('button', { name: s.maintenance.save }));
    expect(changes(sent)).toEqual([
      {
        method: 'PUT',
        path: '/wps/admin/merchant/maintenance',
        body: { on: false, start: '2026-12-01T15:30:00.000Z', end: '2026-12-01T18:00:00.000Z', message: words },
      },
    ]);
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe(s.saved));
    expect(within(panel).getByTestId('maintenance-state').textContent).toContain('2026-12-01 22:30:00 GMT+7');

    // On now: no window, the same words.
    await press(within(panel).getByRole('radio', { name: s.maintenance.modes.now }));
    await press(within(panel).getByRole('button', { name: s.maintenance.save }));
    expect(changes(sent)[1]!.body).toEqual({ on: true, start: null, end: null, message: words });
    await waitFor(() => expect(within(panel).getByTestId('maintenance-state').textContent).toBe(s.maintenance.stateOn));
  });

  it('adds and removes region rules, and says why the server refused one', async () => {
    const sent = serve({
      'GET /wps/admin/session/me': () => answer(OPERATOR),
      ...brandServer(settings(), {
        'POST /wps/admin/brand/regions': (request) =>
          request.body!.network ? answer(null, 400, 'BAD_REQUEST') : answer(null),
      }),
    });
    await mount('/brand');
    const panel = await screen.findByRole('region', { name: s.regions.title });
    const form = within(panel).getByRole('form', { name: s.regions.add });
    fill(s.regions.countryCode, 'USA', form);
    await submit(form);
    expect(within(form).getByText(s.regions.badCountry)).toBeTruthy();
    expect(changes(sent)).toEqual([]);

    fill(s.regions.kind, 'network', form);
    fill(s.regions.networkValue, '10.0.0.0/33', form);
    await submit(form);
    expect(within(panel).getByRole('alert').textContent).toBe(s.regions.invalid);

    await press(within(panel).getByRole('button', { name: 'Remove the rule for US' }));
    expect(changes(sent)).toHaveLength(1); // it asks first
    await press(within(panel).getByRole('button', { name: en.confirm.yes }));
    expect(changes(sent)[1]).toEqual({ method: 'DELETE', path: '/wps/admin/brand/regions/7', body: null });
    await waitFor(() => expect(within(panel).getByText(s.regions.empty)).toBeTruthy());
  });

  it('saves a registration field row, after checking its lengths', async () => {
    const sent = serve({ 'GET /wps/admin/session/me': () => answer(OPERATOR), ...brandServer(settings()) });
    await mount('/brand');
    const panel = await screen.findByRole('region', { name: s.fields.title });
    const save = within(panel).getByRole('button', { name: 'Save username' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true); // nothing changed yet
    fill('Minimum length of username', '20', panel);
    await press(save);
    expect(within(panel).getByRole('alert').textContent).toBe(s.fields.minAboveMax);
    fill('Minimum length of username', '8', panel);
    await press(within(panel).getByLabelText('username required'));
    await press(save);
    expect(changes(sent)).toEqual([
      {
        method: 'PUT',
        path: '/wps/admin/brand/register-fields/username',
        body: { enabled: true, required: false, minLength: 8, maxLength: 16, patternId: 1 },
      },
    ]);
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it('adds, changes and removes a resource, refusing a link that is no https address or site path', async () => {
    const sent = serve({ 'GET /wps/admin/session/me': () => answer(OPERATOR), ...brandServer(settings()) });
    await mount('/brand');
    const panel = await screen.findByRole('region', { name: s.resources.title });
    const form = within(panel).getByRole('form', { name: s.resources.add });
    fill(s.resources.type, 'IOS', form);
    fill(s.resources.url, 'javascript:alert(1)', form);
    await submit(form);
    expect(within(form).getByText(s.resources.badUrl)).toBeTruthy();
    expect(changes(sent)).toEqual([]);

    fill(s.resources.url, ' /down#ios ', form);
    fill(s.resources.qrCodeUrl, 'https://cdn.example.com/ios.png', form);
    fill(s.resources.label, 'Our app', form);
    await submit(form);
    expect(changes(sent)[0]).toEqual({
      method: 'POST',
      path: '/wps/admin/brand/resources',
      body: { resourceType: 'IOS', url: '/down#ios', qrCodeUrl: 'https://cdn.example.com/ios.png', label: 'Our app' },
    });
    const table = within(panel).getByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect((within(form).getByLabelText(s.resources.url) as HTMLInputElement).value).toBe('');

    await press(within(panel).getByRole('button', { name: 'Edit Facebook' }));
    const edit = within(panel).getByRole('form', { name: 'Change Facebook' });
    fill(s.resources.url, 'https://facebook.com/demo', edit);
    await submit(edit);
    expect(changes(sent)[1]).toEqual({
      method: 'PUT',
      path: '/wps/admin/brand/resources/11',
      body: { resourceType: 'FACEBOOK', url: 'https://facebook.com/demo', qrCodeUrl: null, label: 'Facebook' },
    });
    await waitFor(() => expect(within(panel).getByText('https://facebook.com/demo')).toBeTruthy());

    await press(within(panel).getByRole('button', { name: 'Remove Our app' }));
    await press(within(panel).getByRole('button', { name: en.confirm.yes }));
    expect(changes(sent)[2]).toEqual({ method: 'DELETE', path: '/wps/admin/brand/resources/12', body: null });
    await waitFor(() => expect(within(panel).queryByText('/down#ios')).toBeNull());
  });

  it('offers only the free customer-service type and says when the server finds it taken', async () => {
    const sent = serve({
      'GET /wps/admin/session/me': () => answer(OPERATOR),
      ...brandServer(settings(), { 'POST /wps/admin/brand/customer-service': () => answer(null, 409, 'CONFLICT') }),
    });
    await mount('/brand');
    const panel = await screen.findByRole('region', { name: s.service.title });
    const form = within(panel).getByRole('form', { name: s.service.add });
    const type = within(form).getByLabelText(s.service.type) as HTMLSelectElement;
    expect([...type.options].map((option) => option.value)).toEqual(['VIP']);
    fill(s.service.path, '//vip.example', form);
    await submit(form);
    expect(within(form).getByText(s.resources.badUrl)).toBeTruthy();
    fill(s.service.path, '/vip', form);
    await submit(form);
    expect(changes(sent)).toEqual([
      { method: 'POST', path: '/wps/admin/brand/customer-service', body: { csType: 'VIP', path: '/vip' } },
    ]);
    expect(within(panel).getByRole('alert').textContent).toBe(s.service.taken);
  });

  it('shows an auditor every setting and no control, the maintenance words as text', async () => {
    const state = { ...settings(), maintenance: true, maintenanceMessage: 'Back soon.\n<b>Thanks</b>' };
    serve({ 'GET /wps/admin/session/me': () => answer(AUDITOR), ...brandServer(state) });
    await mount('/brand');
    const page = (await screen.findByRole('heading', { name: s.title })).closest('section')!;
    await within(page).findByRole('region', { name: s.switches.title });
    expect(within(page).getByText(s.readOnly)).toBeTruthy();
    for (const role of ['button', 'switch', 'checkbox', 'radio', 'textbox', 'combobox', 'spinbutton', 'form']) {
      expect(within(page).queryAllByRole(role)).toHaveLength(0);
    }
    expect(within(region(s.switches.title)).getByText('DIVIDEND3').closest('li')!.textContent).toContain(s.switches.heldOff);
    expect(within(page).getByTestId('maintenance-state').textContent).toBe(s.maintenance.stateOn);
    const words = within(page).getByTestId('maintenance-message');
    expect(words.textContent).toBe('Back soon.\n<b>Thanks</b>');
    expect(words.querySelector('b')).toBeNull();
    expect(within(region(s.resources.title)).getByText('https://facebook.com/')).toBeTruthy();
    expect(within(region(s.service.title)).getByText('/service')).toBeTruthy();
  });

  it('gives FINANCE no brand section', async () => {
    const sent = serve({ 'GET /wps/admin/session/me': () => answer(FINANCE), ...brandServer(settings()) });
    await mount('/brand');
    expect(await screen.findByText(en.shell.noPermission)).toBeTruthy();
    expect(within(screen.getByRole('navigation')).queryByRole('link', { name: s.nav })).toBeNull();
    expect(sent.some((request) => request.path.startsWith('/wps/admin/brand'))).toBe(false);
  });
});
