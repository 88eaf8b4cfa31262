import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';

// eslint-rules/ is plain CommonJS so that eslint.config.mjs can load it without a build.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { rule } = require('../../../eslint-rules/import-layers.cjs') as { rule: import('eslint').Rule.RuleModule };

const src = (file: string) => path.join(__dirname, '../../../src', file);
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});

tester.run('import-layers', rule, {
  valid: [
    { filename: src('handlers/tariff.handler.ts'), code: "import { HttpProblem } from '../http/problem';" },
    { filename: src('hosts/app-factory.ts'), code: "import { x } from '../handlers/tariff.handler';" },
    { filename: src('db/repositories/a.repository.ts'), code: "import type { HtsLine } from '../../domain/hts';" },
    { filename: src('domain/shipments/shipment.service.ts'), code: "import { DomainError } from '../shared';" },
    { filename: src('domain/shipments/shipment.service.ts'), code: "import { DomainError } from '../shared/index';" },
    { filename: src('domain/tariff/engine/calculate-duty.ts'), code: "import { formatHtsCode } from '../hts-code';" },
    { filename: src('domain/hts/model.ts'), code: "import crypto from 'node:crypto';" },
    { filename: src('main.ts'), code: "import { startService } from './server';" },
    // Outside src/ (tests, scripts) the layers do not apply.
    {
      filename: path.join(__dirname, 'x.test.ts'),
      code: "import { x } from '../../../src/domain/tariff/engine/calculate-duty';",
    },
  ],
  invalid: [
    {
      filename: src('handlers/tariff.handler.ts'),
      code: "import type { TariffServices } from '../hosts/tariff-services';",
      errors: [{ message: /handlers\/ may not import hosts\/ \(a higher layer\)/ }],
    },
    { filename: src('http/operation.ts'), code: "import type { HostName } from '../hosts/host-names';", errors: 1 },
    { filename: src('config/config.ts'), code: "import { x } from '../domain/loadplan';", errors: 1 },
    {
      filename: src('reference/hts/hts-file.ts'),
      code: "import { x } from '../../jobs/job-queue';",
      errors: [{ message: /a peer in the same layer/ }],
    },
    { filename: src('domain/hts/model.ts'), code: "import { x } from '../../reference/hts/hts-file';", errors: 1 },
    {
      filename: src('domain/shipments/duty-estimates.ts'),
      code: "import type { DutyResult } from '../tariff/engine/duty-result';",
      errors: [{ message: /reaches into domain\/tariff/ }],
    },
    {
      filename: src('db/repositories/a.repository.ts'),
      code: "import type { HtsLine } from '../../domain/hts/model';",
      errors: [{ message: /import its index.ts/ }],
    },
    { filename: src('handlers/a.handler.ts'), code: "export { x } from '../hosts/app-factory';", errors: 1 },
    { filename: src('handlers/a.handler.ts'), code: "const m = import('../hosts/app-factory');", errors: 1 },
    { filename: src('handlers/a.handler.ts'), code: "type T = import('../hosts/app-factory').X;", errors: 1 },
    {
      filename: src('newpart/a.ts'),
      code: "import { x } from '../domain/shared';",
      errors: [{ message: /not in the layer table/ }],
    },
  ],
});
