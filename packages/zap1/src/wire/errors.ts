/** The error body of every failed request (docs/architecture.md "Contract details", Errors). */
import { z } from 'zod';

/** One entry of `fields`: the same `{field, message}` as `validateEvent` gives (protocol/). */
const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/** `{"error":{code,message,fields?}}`; malformed field entries are dropped. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string().min(1),
    message: z.string().min(1),
    fields: z
      .array(z.unknown())
      .optional()
      .transform((list) =>
        (list ?? []).flatMap((f) => {
          const parsed = fieldErrorSchema.safeParse(f);
          return parsed.success ? [parsed.data] : [];
        }),
      ),
  }),
});
