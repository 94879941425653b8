import { BadRequestException, ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';

function collect(errors: ValidationError[], prefix: string, into: Record<string, string[]>): void {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const constraints = error.constraints ?? {};
    const messages = Object.entries(constraints).map(([name, message]) => {
      if (name === 'whitelistValidation') return `El campo «${error.property}» no está permitido.`;
      if (name === 'unknownValue') return 'El cuerpo de la solicitud debe ser un objeto JSON.';
      return message;
    });
    if (messages.length > 0) into[field || 'body'] = messages;
    if (error.children?.length) collect(error.children, field, into);
  }
}

/** 400 with one Spanish sentence per problem, and the same messages keyed by field. */
export function validationException(errors: ValidationError[]): BadRequestException {
  const byField: Record<string, string[]> = {};
  collect(errors, '', byField);
  const sentences = Object.values(byField)
    .flat()
    .map((text) => (/[.!?]$/.test(text) ? text : `${text}.`));
  const message = sentences.join(' ') || 'Los datos enviados no son válidos.';
  return new BadRequestException({ message, errors: byField });
}

/** Path parameters reach their own pipes (`ParseIdPipe`) as sent: Nest's `+value` would read '1e3' as 1000. */
class PortalValidationPipe extends ValidationPipe {
  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'param' ? value : super.transformPrimitive(value, metadata);
  }
}

/**
 * Bodies are whitelisted: unknown fields are refused, types are checked, nothing is coerced.
 * One message per field: class-validator runs a field's decorators from the bottom up, so DTOs
 * put the type check (`@IsString`, `@IsInt`, ...) last.
 */
export function validationPipe(): ValidationPipe {
  return new PortalValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    stopAtFirstError: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: validationException,
  });
}
