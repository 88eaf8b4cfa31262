import {
  changeConcernsPrefix,
  maxChangesPerEvent,
  tariffChangedEvents,
} from '../../../../src/domain/hts/alert-matcher';
import type { HtsChange } from '../../../../src/domain/hts/hts-change';
import type { HtsRelease } from '../../../../src/domain/hts/model';
import { ComparableHtsLine, diffReleases } from '../../../../src/domain/hts/release-diff';
import type { TariffAlert } from '../../../../src/domain/hts/tariff-alert';

const line = (
  code: string,
  description: string,
  general: string | null = null,
  extra: Partial<ComparableHtsLine> = {},
): ComparableHtsLine => ({
  code,
  description,
  general,
  special: null,
  other: null,
  additionalDuties: null,
  ...extra,
});

describe('diffReleases', () => {
  const before = [
    line('0101', 'Horses:'),
    line('01012100', 'Purebred', 'Free'),
    line('0101210010', 'Males'),
    line('0101210020', 'Females'),
  ];

  it('reports nothing between identical releases, whatever the row order', async () => {
    expect(await diffReleases(before, [...before].reverse())).toEqual([]);
  });

  it('ignores whitespace in rate texts and descriptions', async () => {
    const spaced = [
      line('0101', ' Horses: '),
      line('01012100', 'Purebred', 'Free', { special: 'Free (A+, AU)' }),
      line('0101210010', 'Males'),
      line('0101210020', 'Females'),
    ];
    const unspaced = [
      ...before.slice(0, 1),
      line('01012100', 'Purebred', ' Free', { special: 'Free\n(A+,AU)' }),
      ...before.slice(2),
    ];
    expect(await diffReleases(spaced, unspaced)).toEqual([]);
  });

  it('matches lines by full code, statistical suffix included, and reports each kind', async () => {
    const after = [
      line('0101', 'Horses:'),
      line('01012100', 'Purebred', '2%'),
      line('0101210010', 'Male animals'),
      line('0101210030', 'Females'), // same description, new suffix: one line removed, one added
      line('99030301', 'Section 122', '+10%', { other: '+10%' }),
    ];
    expect(await diffReleases(before, after)).toEqual<HtsChange[]>([
      {
        kind: 'rate_changed',
        code: '01012100',
        before: { general: 'Free', special: null, other: null, additionalDuties: null },
        after: { general: '2%', special: null, other: null, additionalDuties: null },
      },
      {
        kind: 'description_changed',
        code: '0101210010',
        before: { description: 'Males' },
        after: { description: 'Male animals' },
      },
      {
        kind: 'removed',
        code: '0101210020',
        before: { description: 'Females', general: null, special: null, other: null, additionalDuties: null },
        after: null,
      },
      {
        kind: 'added',
        code: '0101210030',
        before: null,
        after: { description: 'Females', general: null, special: null, other: null, additionalDuties: null },
      },
      {
        kind: 'added',
        code: '99030301',
        before: null,
        after: { description: 'Section 122', general: '+10%', special: null, other: '+10%', additionalDuties: null },
      },
    ]);
  });

  it('counts a change of additional duties as a rate change', async () => {
    const changes = await diffReleases(
      [line('99040201', 'Sugar', null, { additionalDuties: '66.6¢/kg' })],
      [line('99040201', 'Sugar', null, { additionalDuties: '70¢/kg' })],
    );
    expect(changes.map((change) => change.kind)).toEqual(['rate_changed']);
  });
});

describe('alert matching', () => {
  const release = { id: 'htsr_2026_rev_4', title: '2026 Revision 4', effectiveDate: '2026-02-24' } as HtsRelease;
  const previousRelease = {
    id: 'htsr_2026_rev_3',
    title: '2026 Revision 3',
    effectiveDate: '2026-02-12',
  } as HtsRelease;
  const changeSet = {
    id: 'hcs_1',
    releaseId: release.id,
    previousReleaseId: previousRelease.id,
    counts: { added: 0, removed: 0, rateChanged: 0, descriptionChanged: 0 },
    createdAt: 1_790_000_000_000,
  };
  const alert = (id: string, accountId: string, htsPrefixes: string[], livemode = true): TariffAlert => ({
    id,
    accountId,
    livemode,
    htsPrefixes,
    countries: ['CN'],
    createdAt: 1,
    updatedAt: 1,
  });
  const rateChange = (code: string): HtsChange => ({
    kind: 'rate_changed',
    code,
    before: { general: '1%' },
    after: { general: '2%' },
  });

  it('a change concerns prefixes above it and lines below it (which inherit its rate)', () => {
    expect(changeConcernsPrefix('6109100012', '6109')).toBe(true);
    expect(changeConcernsPrefix('61091000', '6109100012')).toBe(true);
    expect(changeConcernsPrefix('61091000', '6110')).toBe(false);
    expect(changeConcernsPrefix('6110', '61')).toBe(true);
  });

  it('writes one event per concerned alert, naming only its changes', () => {
    const changes = [rateChange('61091000'), rateChange('84713001')];
    const events = tariffChangedEvents(
      [
        alert('alr_a', 'acct_1', ['6109100012']),
        alert('alr_b', 'acct_2', ['0101']),
        alert('alr_c', 'acct_2', ['61', '8471']),
      ],
      { changeSet, release, previousRelease, changes },
    );
    expect(events.map((event) => [event.accountId, (event.data as { alert_id: string }).alert_id])).toEqual([
      ['acct_1', 'alr_a'],
      ['acct_2', 'alr_c'],
    ]);
    expect(events[0]).toMatchObject({
      type: 'tariff.changed',
      createdAt: changeSet.createdAt,
      id: expect.stringMatching(/^evt_[0-9a-hjkmnp-tv-z]{26}$/),
    });
    expect(events[0].data).toEqual({
      object: expect.objectContaining({ id: 'alr_a', object: 'tariff_alert', hts_prefixes: ['6109100012'] }),
      alert_id: 'alr_a',
      hts_prefixes: ['6109100012'],
      countries: ['CN'],
      change_set_id: 'hcs_1',
      release: { id: 'htsr_2026_rev_4', title: '2026 Revision 4', effective_date: '2026-02-24' },
      previous_release: { id: 'htsr_2026_rev_3', title: '2026 Revision 3', effective_date: '2026-02-12' },
      change_count: 1,
      changes_truncated: false,
      changes: [{ kind: 'rate_changed', hts_code: '6109.10.00', before: { general: '1%' }, after: { general: '2%' } }],
    });
    expect((events[1].data as { change_count: number }).change_count).toBe(2);
  });

  it("carries the alert's mode: a test-mode alert's event is a test-mode event", () => {
    const events = tariffChangedEvents(
      [alert('alr_live', 'acct_1', ['6109']), alert('alr_test', 'acct_1', ['6109'], false)],
      {
        changeSet,
        release,
        previousRelease,
        changes: [rateChange('61091000')],
      },
    );
    expect(events.map((event) => [(event.data as { alert_id: string }).alert_id, event.livemode])).toEqual([
      ['alr_live', true],
      ['alr_test', false],
    ]);
  });

  it('names at most a bounded number of changes in one event', () => {
    const many = Array.from({ length: maxChangesPerEvent + 5 }, (_, i) =>
      rateChange(`6109${String(i).padStart(6, '0')}`),
    );
    const [event] = tariffChangedEvents([alert('alr_a', 'acct_1', ['6109'])], {
      changeSet,
      release,
      previousRelease,
      changes: many,
    });
    expect(event.data).toMatchObject({ change_count: maxChangesPerEvent + 5, changes_truncated: true });
    expect((event.data as { changes: unknown[] }).changes).toHaveLength(maxChangesPerEvent);
  });
});
