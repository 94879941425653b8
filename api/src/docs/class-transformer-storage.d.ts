// class-transformer ships this module's JavaScript under cjs/ and its types under types/.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
