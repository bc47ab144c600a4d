// Administrator power is decided in one place (DESIGN.md section 13):
// backend/src/common/auth/admin-power.ts, from the admin token kind. A check
// such as `user.role === 'admin'` elsewhere would give an administrator's
// learner-portal session (no second factor) admin powers again, so this rule
// refuses any comparison of a `role` with 'admin' outside that file.

const isRole = (node) =>
  (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && node.property.name === 'role') ||
  (node.type === 'Identifier' && node.name === 'role');
const isAdminLiteral = (node) => node.type === 'Literal' && node.value === 'admin';

export default {
  rules: {
    'from-token-kind': {
      meta: {
        type: 'problem',
        docs: { description: "Administrator power comes from common/auth/admin-power.ts, never from comparing a role with 'admin'" },
        schema: [],
        messages: {
          useHelper:
            "Do not compare a role with 'admin': use hasAdminPower(caller) for a permission (admin token kind) or isAdminAccount(account) for what an account is (common/auth/admin-power.ts).",
        },
      },
      create(context) {
        return {
          BinaryExpression(node) {
            if (!['===', '!==', '==', '!='].includes(node.operator)) return;
            if ((isRole(node.left) && isAdminLiteral(node.right)) || (isRole(node.right) && isAdminLiteral(node.left))) {
              context.report({ node, messageId: 'useHelper' });
            }
          },
        };
      },
    },
  },
};
