// The app imports types/*.ts for their types and constants; the TypeBox request schemas those files also build
// (for the server's validation) are dead code in the app, and typebox itself is aliased to types/typeboxStub.ts.
// Every call to a schema builder (an import from types/schema.ts or from typebox) is marked /*#__PURE__*/, so the
// minifier drops the schemas the app never reads instead of shipping them in every chunk that imports a types file.
const annotateAsPure = require('@babel/helper-annotate-as-pure').default

const SCHEMA_SOURCE = /(^|\/)schema$|^typebox$/

module.exports = function pureSchemaCalls() {
  return {
    name: 'pure-schema-calls',
    visitor: {
      CallExpression(path) {
        const callee = path.node.callee
        const id = callee.type === 'Identifier' ? callee : callee.type === 'MemberExpression' && callee.object.type === 'Identifier' ? callee.object : null
        if (!id) return
        const binding = path.scope.getBinding(id.name)
        if (!binding || binding.kind !== 'module' || !binding.path.parentPath.isImportDeclaration()) return
        if (SCHEMA_SOURCE.test(binding.path.parentPath.node.source.value)) annotateAsPure(path)
      },
    },
  }
}
