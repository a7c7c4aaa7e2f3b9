// The app imports types/*.ts for their types and constants; the TypeBox request schemas those files also build
// (for the server's validation) are dead code in the app, and typebox itself is aliased to types/typeboxStub.ts.
// Every call to a schema builder (an import from types/schema.ts or from typebox, or, inside types/, a helper of a
// types file such as OrderNo or Paging) is marked /*#__PURE__*/, so the minifier drops the
// schemas the app never reads instead of shipping them in every chunk that imports a types file.
const annotateAsPure = require('@babel/helper-annotate-as-pure').default

const SCHEMA_SOURCE = /(^|\/)schema$|^typebox$/
const CONTRACT_FILE = /[\\/]types[\\/][^\\/]+\.ts$/

/** A module-level arrow-function constant of a types/ file: the files' schema helpers (types/ has no side effects). */
function isContractHelper(binding, filename) {
  if (!CONTRACT_FILE.test(filename || '') || !binding.path.isVariableDeclarator()) return false
  const init = binding.path.node.init // an arrow function (a function expression once compiled for older targets)
  if (!init || (init.type !== 'ArrowFunctionExpression' && init.type !== 'FunctionExpression')) return false
  const statement = binding.path.parentPath.parentPath // the declaration's parent: the file, or `export const`
  return statement.isProgram() || (statement.isExportNamedDeclaration() && statement.parentPath.isProgram())
}

module.exports = function pureSchemaCalls() {
  return {
    name: 'pure-schema-calls',
    visitor: {
      CallExpression(path, state) {
        const callee = path.node.callee
        const id = callee.type === 'Identifier' ? callee : callee.type === 'MemberExpression' && callee.object.type === 'Identifier' ? callee.object : null
        if (!id) return
        const binding = path.scope.getBinding(id.name)
        if (!binding) return
        const source = binding.kind === 'module' && binding.path.parentPath.isImportDeclaration() ? binding.path.parentPath.node.source.value : null
        // A builder, or (inside types/) a helper of another types file such as OrderNo.
        const imported = source !== null && (SCHEMA_SOURCE.test(source) || (CONTRACT_FILE.test(state.filename || '') && source.startsWith('./')))
        if (imported || (callee.type === 'Identifier' && isContractHelper(binding, state.filename))) annotateAsPure(path)
      },
    },
  }
}
