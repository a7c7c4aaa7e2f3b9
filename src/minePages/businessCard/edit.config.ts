export default definePageConfig({ navigationBarTitleText: '编辑名片', navigationStyle: 'custom' })
