// Before each suite: jest loads the app's classes anew for every file, but TypeORM and
// class-validator keep what their decorators record on `global`. Left there, each file's entities
// and DTOs pile up beside the earlier files' (and keep those files' whole module graphs alive):
// the run grew to 1.7 GB and every app start slowed as it went. Each suite starts with none.
const scope = globalThis as { typeormMetadataArgsStorage?: unknown; classValidatorMetadataStorage?: unknown };
delete scope.typeormMetadataArgsStorage;
delete scope.classValidatorMetadataStorage;
